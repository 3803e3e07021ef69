// Build step of the Card Workshop page (run by docs/hooks/workshop.py, with Node.js, at docs-build time).
//
// Usage: node prepare.mjs OUT.zip EXAMPLE.ccl WHEEL...
//
// Installs the wheels into Pyodide (the same Pyodide the page runs, from node_modules), then does once what
// every visitor's browser would otherwise do at each cold start:
//   * compiles every module to bytecode (unchecked-hash .pyc files, valid whatever the files' dates), and
//   * fills castle-combo's private cache (the grammar's LALR tables, the 78 base cards parsed) by checking
//     the example card file with castle_combo.cli.workshop.check.
// OUT.zip holds only those files, with their paths from the root of Pyodide's file system; the page extracts
// it over the installed wheels. Every cached file is sealed and keyed by its inputs (castle_combo.language.cache),
// so a file that does not match the wheels is ignored and rebuilt, never trusted.
// Prints one line of JSON: the Python version, the files written and the seconds taken.
import fs from "node:fs";
import path from "node:path";
import { loadPyodide } from "pyodide";

const [out, example, ...wheels] = process.argv.slice(2);
if (!out || !example || wheels.length === 0) {
  console.error("usage: node prepare.mjs OUT.zip EXAMPLE.ccl WHEEL...");
  process.exit(2);
}
// Node prints the whole minified line of Pyodide's runtime with an uncaught error: say only the error.
process.on("uncaughtException", (error) => {
  console.error(`prepare.mjs: ${error?.message ?? error}`);
  process.exit(1);
});
process.on("unhandledRejection", (error) => {
  console.error(`prepare.mjs: ${error?.message ?? error}`);
  process.exit(1);
});
const started = performance.now();
const pyodide = await loadPyodide();
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
for (const wheel of wheels) {
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: sitePackages });
}
pyodide.globals.set("example_text", fs.readFileSync(example, "utf8"));
const result = pyodide.runPython(`
import compileall, io, json, os, py_compile, site, sys, zipfile

site_packages = site.getsitepackages()[0]
if not compileall.compile_dir(site_packages, quiet=1,
                              invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
    raise SystemExit("some module of the wheels does not compile")
from castle_combo.cli import workshop
checked = workshop.check(example_text)
if not checked["ok"]:
    raise SystemExit("the example card file has problems:\\n" + "\\n".join(e["message"] for e in checked["errors"]))
cache = os.path.join(os.path.expanduser("~"), ".cache", "castle-combo")
files = []
for top, keep in ((site_packages, lambda name: name.endswith(".pyc")), (cache, lambda name: True)):
    for folder, _, names in os.walk(top):
        files += [os.path.join(folder, name) for name in sorted(names) if keep(name)]
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
    for file in sorted(files):
        info = zipfile.ZipInfo(file.lstrip("/"), date_time=(2020, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        with open(file, "rb") as stream:
            archive.writestr(info, stream.read())
json.dumps({"python": sys.version.split()[0], "files": len(files),
            "cache": sorted(os.path.relpath(f, cache) for f in files if f.startswith(cache))}), buffer.getvalue()
`);
const [summary, data] = result.toJs();
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, data);
const info = JSON.parse(summary);
info.seconds = Math.round((performance.now() - started) / 100) / 10;
info.bytes = data.length;
console.log(JSON.stringify(info));
