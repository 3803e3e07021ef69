// Starting castle-combo in Pyodide from the site's own files: shared by the page and its balance worker.
//
// Everything comes from the Workshop's folder of the built site (docs/hooks/workshop.py puts it there):
// pyodide/ (the runtime), python/manifest.json, the wheels it lists (castle-combo's own and its pure-Python
// dependencies), and the warm archive: the same modules compiled to bytecode and castle-combo's cache filled,
// extracted over the installed wheels. No other host is ever asked for anything.

async function bytesOf(url) {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`cannot load ${url.pathname}: the server answered ${response.status} (is the site built whole?)`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Load Pyodide and castle-combo. `base` is the URL of the site's workshop/ folder; `status(text)` is told
 * what is happening, and `manifestLoaded(manifest)` gets the manifest (with the example card file) as soon
 * as it arrives, long before Python is ready. Resolves to {pyodide, workshop (the castle_combo.cli.workshop
 * module), manifest, phases}: `phases` says how many milliseconds each step took (runtime, install, import).
 */
export async function startPython(base, status = () => {}, manifestLoaded = () => {}) {
  const phases = {};
  let mark = performance.now();
  const lap = (name) => {
    const now = performance.now();
    phases[name] = Math.round(now - mark);
    mark = now;
  };
  const folder = new URL("python/", base);
  status("Loading the list of files…");
  const response = await fetch(new URL("manifest.json", folder));
  if (!response.ok) throw new Error(`cannot load the Workshop's manifest.json (${response.status})`);
  const manifest = await response.json();
  manifestLoaded(manifest);
  const downloads = [...manifest.wheels, manifest.warm].map((name) => bytesOf(new URL(name, folder)));
  status(`Starting Python ${manifest.python} in your browser (Pyodide ${manifest.pyodide})…`);
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
  lap("runtime");
  status("Installing castle-combo…");
  const files = await Promise.all(downloads);
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  manifest.wheels.forEach((name, index) => {
    pyodide.unpackArchive(files[index], "wheel", { extractDir: sitePackages });
  });
  pyodide.unpackArchive(files[files.length - 1], "zip", { extractDir: "/" });
  // castle-combo uses its cache folder only if it is private (castle_combo.language.cachedir), and an archive
  // extracted here leaves every folder open to all: close them, as castle-combo would have made them.
  pyodide.runPython(`
import os
for folder, _, _ in os.walk(os.path.join(os.path.expanduser("~"), ".cache", "castle-combo")):
    os.chmod(folder, 0o700)
`);
  lap("install");
  status("Loading the cards…");
  const workshop = pyodide.pyimport("castle_combo.cli.workshop");
  lap("import");
  return { pyodide, workshop, manifest, phases };
}
