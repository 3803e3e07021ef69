"""The design page's layer table is true: imports only point to the same or an earlier layer.

``docs/design.md`` promises that data flows one way (the card language knows
nothing of games; the engine never parses text), and the package's folders are
its layers. This test reads the page's "Layers" table (each layer lists folders
and foundation modules), parses the imports of every module under
``src/castle_combo`` (``if TYPE_CHECKING`` imports and function-level imports
included) and checks each one against the layer of its folder, so neither the
page nor the folders can silently drift from the code.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "castle_combo"
DESIGN = ROOT / "docs" / "design.md"


def layer_table() -> dict[str, int]:
    """Module (or sub-package) name -> layer number, from the design page's table."""
    text = DESIGN.read_text(encoding="utf-8")
    section = text.split("### Layers", 1)[1].split("\n#", 1)[0]
    layers: dict[str, int] = {}
    for match in re.finditer(r"^\| (\d+)\. [^|]+\| ([^|]+) \|", section, re.MULTILINE):
        for name in re.findall(r"`([a-z_.]+)`", match.group(2)):
            layers[name] = int(match.group(1))
    return layers


def module_name(path: Path) -> str:
    """``castle_combo/language/loader.py`` -> ``dsl.loader``; the package's ``__init__`` -> ``""``."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def layer_of(module: str, layers: dict[str, int]) -> int | None:
    """The layer of a module: its own entry, else its top-level package's."""
    if module in layers:
        return layers[module]
    return layers.get(module.split(".")[0])


def is_module(name: str) -> bool:
    """Whether ``name`` (relative to the package) is a module or sub-package of castle_combo."""
    path = PACKAGE.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imported_modules(path: Path) -> set[str]:
    """The castle_combo modules ``path`` imports, relative to the package (``""`` is the package)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "castle_combo":
                found.update(alias.name for alias in node.names)
            elif node.module.startswith("castle_combo."):
                package = node.module.removeprefix("castle_combo.")
                for alias in node.names:  # ``from castle_combo.language import english`` imports a module
                    found.add(f"{package}.{alias.name}" if is_module(f"{package}.{alias.name}") else package)
        elif isinstance(node, ast.Import):
            found.update(a.name.removeprefix("castle_combo.") for a in node.names if a.name.startswith("castle_combo."))
    return found


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if module_name(p))


def test_the_design_page_has_a_layer_table() -> None:
    assert len(set(layer_table().values())) >= 5


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_every_module_is_in_the_design_pages_layer_table(path: Path) -> None:
    assert layer_of(module_name(path), layer_table()) is not None, (
        f"add `{module_name(path).split('.')[0]}` to the Layers table of docs/design.md"
    )


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_imports_point_to_the_same_or_an_earlier_layer(path: Path) -> None:
    layers = layer_table()
    own = layer_of(module_name(path), layers)
    assert own is not None
    later = {
        imported: layer_of(imported, layers)
        for imported in imported_modules(path)
        if (layer_of(imported, layers) or 0) > own
    }
    assert later == {}, f"{module_name(path)} (layer {own}) imports from later layers"


def test_the_layers_are_the_packages_folders() -> None:
    """Every folder and module at the top of the package is one entry of the table, and nothing else is."""
    top = {p.name.removesuffix(".py") for p in PACKAGE.iterdir()
           if (p.is_dir() and (p / "__init__.py").is_file()) or (p.suffix == ".py" and p.name != "__init__.py")}
    assert top == set(layer_table())


def test_the_card_language_imports_nothing_of_the_game_engine() -> None:
    layers = layer_table()
    assert layers["language"] < layers["engine"] < layers["records"] < layers["bots"] < layers["cli"]


#: The language's modules that read text; the engine may use the model, its English and rulesets only.
TEXT_READERS = ("language.parser", "language.transformer", "language.loader", "language.diagnostics",
                "language.formatter", "language.cache", "language.lexer")


def test_the_engine_never_parses_text() -> None:
    engine = [p for p in MODULES if module_name(p).split(".")[0] == "engine"]
    assert engine
    for path in engine:
        imports = imported_modules(path)
        assert not any(name.startswith(TEXT_READERS) for name in imports), module_name(path)
        assert "import lark" not in path.read_text(encoding="utf-8") and "from lark" not in path.read_text(
            encoding="utf-8"
        ), module_name(path)


def import_graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports (a package's ``__init__`` is the package's name)."""
    names = {module_name(p) for p in MODULES} | {""}
    graph: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        own = module_name(path)
        if own == "":
            continue  # the package's __init__ only re-exports, and nothing imports it back
        graph[own] = {name for name in imported_modules(path) if name in names and name != own}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of ``graph`` as a path that ends where it starts, or ``[]`` if there is none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return []


def test_no_module_imports_itself_through_others() -> None:
    """Data flows one way inside a layer too: the import graph has no cycle, not even through function-level imports."""
    cycle = find_cycle(import_graph())
    assert cycle == [], "import cycle: " + " -> ".join(cycle)


def test_the_cycle_finder_finds_a_planted_cycle() -> None:
    graph = {"state": {"rules"}, "rules": {"turn"}, "turn": {"state"}, "model": set()}
    assert find_cycle(graph) == ["rules", "turn", "state", "rules"]
    assert find_cycle({"a": {"b"}, "b": set()}) == []
