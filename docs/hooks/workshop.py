"""MkDocs hook: the Card Workshop page's files, built into the site at every build.

``docs/workshop.md`` is the page; everything it runs is put into the built
site's ``workshop/`` folder by this hook, so the site works when served from
a folder with no network at all:

* ``workshop/pyodide/``: the Pyodide runtime, copied from its npm package;
* ``workshop/python/``: castle-combo's own wheel, built from this checkout,
  and its pure-Python dependencies (``workshop/wheels.txt``, pinned with their
  hashes), plus ``warm-*.zip``, the same modules compiled to bytecode and
  castle-combo's cache filled, made by ``workshop/prepare.mjs`` in Pyodide
  under Node.js (it spares every visitor a second of a cold start), and
  ``manifest.json``, which lists them with the example card file;
* ``workshop/assets/``: the page's script, its worker and its style, bundled
  with esbuild from ``workshop/src/`` with CodeMirror 6. The editor's
  highlighting rules are generated from the card language's Pygments lexer
  (:class:`castle_combo.language.lexer.CclLexer`), never typed twice.

The npm packages (Pyodide, CodeMirror, esbuild) are pinned by
``workshop/package-lock.json`` and installed with ``npm ci`` when the lock
changes. Downloads and the compiled bytecode are kept in ``workshop/.cache/``
(keyed by what they are made from), so a build after the first takes a second
or two unless castle-combo itself changed. Every step that cannot be done
stops the build with a message saying what is missing and how to get it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parents[2]
WORKSHOP = ROOT / "workshop"
CACHE = WORKSHOP / ".cache"
#: The files of Pyodide's npm package that the page loads (the rest is for Node.js or its REPL).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: Pygments token types, most specific first, and the CodeMirror highlighting tag each becomes.
TOKEN_TAGS = (
    ("Comment", "comment"),
    ("Literal.String", "string"),
    ("Literal.Number", "number"),
    ("Name.Attribute", "attributeName"),
    ("Name.Constant", "atom"),
    ("Name.Builtin", "className"),
    ("Keyword.Type", "typeName"),
    ("Keyword", "keyword"),
    ("Operator.Word", "operatorKeyword"),
    ("Operator", "operator"),
    ("Punctuation", "punctuation"),
)


def _run(command: list[str], what: str, cwd: Path = WORKSHOP, timeout: int = 600) -> str:
    """Run a build step; its output, or a :class:`PluginError` naming the step and showing why it failed."""
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)
    except FileNotFoundError:
        raise PluginError(f"the Workshop page cannot be built: {what} needs {command[0]!r}, which is not installed "
                          "(Node.js 18 or newer and npm: apt-get install nodejs npm)") from None
    except subprocess.TimeoutExpired:
        raise PluginError(f"the Workshop page cannot be built: {what} took more than {timeout} s") from None
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-25:])
        raise PluginError(f"the Workshop page cannot be built: {what} failed ({' '.join(command[:3])} ...):\n{tail}")
    return done.stdout


@contextlib.contextmanager
def _locked() -> Iterator[None]:
    """One build at a time prepares ``workshop/`` (two test workers may build the site at once)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / ".lock", "w") as lock:
        try:
            import fcntl
        except ImportError:  # Windows: builds there are not run in parallel
            yield
            return
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _digest(*parts: bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()[:16]


def npm_packages() -> Path:
    """``workshop/node_modules``, installed with ``npm ci`` from the lock file whenever the lock changed."""
    lock = (WORKSHOP / "package-lock.json").read_bytes()
    modules = WORKSHOP / "node_modules"
    stamp = modules / ".castle-combo-lock"
    wanted = _digest(lock)
    if not stamp.is_file() or stamp.read_text() != wanted:
        _run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], "installing the npm packages (npm ci)")
        stamp.write_text(wanted)
    return modules


def highlight_rules() -> list[dict[str, str]]:
    """The editor's highlighting: each rule of the card language's Pygments lexer as a JavaScript regex and a tag.

    Pygments tries the rules in order at each position, as the editor does;
    a rule the editor cannot follow (a state change, a callback) stops the
    build, so the highlighting can never silently differ from the lexer's.
    """
    from pygments.lexer import words
    from pygments.token import Whitespace, _TokenType

    from castle_combo.language.lexer import CclLexer

    rules = []
    for rule in CclLexer.tokens["root"]:
        if len(rule) != 2 or not isinstance(rule[1], _TokenType):
            raise PluginError(f"the Workshop's editor cannot highlight the lexer rule {rule!r} of CclLexer: only "
                              "(regex, token) pairs in the 'root' state are turned into editor rules; extend "
                              "docs/hooks/workshop.py and workshop/src/highlight.js for it")
        pattern, token = rule
        regex = pattern.get() if isinstance(pattern, words) else pattern
        if re.search(r"\(\?P?<|\(\?[aiLmsux]", regex):
            raise PluginError(f"the lexer rule {regex!r} uses Python-only regex syntax the editor cannot run")
        tag = next((tag for name, tag in TOKEN_TAGS if str(token).startswith(f"Token.{name}")), "")
        rules.append({"regex": regex, "tag": "" if token in Whitespace else tag})
    return rules


def bundle(modules: Path, out: Path) -> None:
    """The page's script, its balance worker and its style, bundled and minified into ``out``."""
    generated = CACHE / "generated"
    generated.mkdir(parents=True, exist_ok=True)
    (generated / "ccl-highlight.json").write_text(json.dumps(highlight_rules(), indent=1), encoding="utf-8")
    esbuild = modules / ".bin" / "esbuild"
    _run([str(esbuild), "src/workshop.js", "src/balance-worker.js", "--bundle", "--format=esm", "--minify",
          "--target=es2022", "--log-level=warning", f"--alias:ccl-highlight={generated / 'ccl-highlight.json'}",
          f"--outdir={out}"], "bundling the page's scripts (esbuild)")


def pyodide(modules: Path, out: Path) -> str:
    """Pyodide's runtime copied into ``out``; its version."""
    package = modules / "pyodide"
    missing = [name for name in PYODIDE_FILES if not (package / name).is_file()]
    if missing:
        raise PluginError(f"the Workshop page cannot be built: Pyodide's npm package lacks {', '.join(missing)}; "
                          "remove workshop/node_modules and build again")
    out.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(package / name, out / name)
    return str(json.loads((package / "package.json").read_text())["version"])


def pinned_wheels() -> list[Path]:
    """The dependency wheels of ``workshop/wheels.txt``, downloaded once and checked against their hashes."""
    pins = (WORKSHOP / "wheels.txt").read_text(encoding="utf-8")
    hashes = set(re.findall(r"--hash=sha256:([0-9a-f]{64})", pins))
    names = [line.split("==")[0] for line in pins.splitlines() if line.strip() and not line.startswith("#")]
    folder = CACHE / "wheels"

    def found() -> list[Path]:
        return [path for path in sorted(folder.glob("*.whl"))
                if hashlib.sha256(path.read_bytes()).hexdigest() in hashes]

    if len(found()) != len(names):
        _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
              "--require-hashes", "-r", str(WORKSHOP / "wheels.txt"), "-d", str(folder)],
             "downloading the pinned wheels of workshop/wheels.txt (pip download)")
    wheels = found()
    if len(wheels) != len(names):
        raise PluginError(f"the Workshop page cannot be built: {len(names)} wheels are pinned in workshop/wheels.txt "
                          f"but {len(wheels)} downloaded wheels match their hashes")
    return wheels


def project_wheel() -> Path:
    """castle-combo's wheel, built from this checkout (hatchling, as ``pip wheel`` would)."""
    folder = CACHE / "dist"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    name = _run([sys.executable, "-c", "import sys, hatchling.build as b; print(b.build_wheel(sys.argv[1]))",
                 str(folder)], "building castle-combo's wheel (hatchling; pip install -e '.[docs]' brings it)",
                cwd=ROOT).strip().splitlines()[-1]
    return folder / name


def warm_archive(wheels: list[Path]) -> tuple[Path, dict[str, Any]]:
    """The bytecode and cache of the installed wheels (``prepare.mjs``), made once per set of wheels."""
    example = WORKSHOP / "example.ccl"
    key = _digest(*(path.read_bytes() for path in wheels), (WORKSHOP / "prepare.mjs").read_bytes(),
                  (WORKSHOP / "package-lock.json").read_bytes(), example.read_bytes())
    archive = CACHE / f"warm-{key}.zip"
    info_file = archive.with_suffix(".json")
    if not (archive.is_file() and info_file.is_file()):
        for old in CACHE.glob("warm-*"):
            old.unlink()
        line = _run(["node", "prepare.mjs", str(archive), str(example), *map(str, wheels)],
                    "compiling the wheels in Pyodide (node prepare.mjs)").strip().splitlines()[-1]
        info_file.write_text(line)
    return archive, json.loads(info_file.read_text())


def build(site: Path) -> dict[str, Any]:
    """Every file of the Workshop page into ``site/workshop/``; the manifest the page reads."""
    out = site / "workshop"
    with _locked():
        modules = npm_packages()
        bundle(modules, out / "assets")
        version = pyodide(modules, out / "pyodide")
        wheels = [project_wheel(), *pinned_wheels()]
        archive, warm = warm_archive(wheels)
    python = out / "python"
    python.mkdir(parents=True, exist_ok=True)
    for path in [*wheels, archive]:
        shutil.copyfile(path, python / path.name)
    manifest = {
        "pyodide": version,
        "python": warm["python"],
        "wheels": [path.name for path in wheels],
        "warm": archive.name,
        "example": (WORKSHOP / "example.ccl").read_text(encoding="utf-8"),
    }
    (python / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return manifest


def on_post_build(config: Any) -> None:
    """Put the Workshop page's runtime, wheels and scripts into the built site."""
    build(Path(config["site_dir"]))
