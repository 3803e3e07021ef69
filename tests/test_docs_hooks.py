"""The docs build hooks: generated pages are complete, and a lost marker fails the build loudly.

The hooks live in ``docs/hooks/`` (mkdocs loads them by path); here they are
imported the same way and called with a stand-in for mkdocs' page object.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

pytest.importorskip("mkdocs", reason="the docs extra is not installed: pip install -e '.[docs]'")
from mkdocs.exceptions import PluginError

import castle_combo as cc
from castle_combo.cli import COMMANDS

HOOKS = Path(__file__).resolve().parents[1] / "docs" / "hooks"


def hook(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"docs_hook_{name}", HOOKS / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def page(src_uri: str) -> SimpleNamespace:
    return SimpleNamespace(file=SimpleNamespace(src_uri=src_uri))


def test_the_gallery_marker_becomes_every_card_of_the_standard_ruleset() -> None:
    gallery = hook("gallery")
    markdown = gallery.on_page_markdown(f"# Gallery\n\n{gallery.MARKER}\n", page("gallery.md"), {}, None)
    for card in cc.Ruleset.standard():
        assert f"### {gallery._text(card.name)} {{#{gallery.card_anchor(card.name)}}}" in markdown


def test_a_gallery_page_without_its_marker_fails_the_build() -> None:
    with pytest.raises(PluginError, match="marker"):
        hook("gallery").on_page_markdown("# Gallery\n", page("gallery.md"), {}, None)


def test_other_pages_are_left_alone_by_the_generators() -> None:
    for name, marker in (("gallery", "<!-- castle-combo:gallery -->"), ("cli_help", "<!-- castle-combo:help -->")):
        assert hook(name).on_page_markdown(marker, page("rules.md"), {}, None) == marker


def test_card_anchors_are_lower_case_words_joined_by_hyphens() -> None:
    anchor = hook("gallery").card_anchor
    assert anchor("His Holiness") == "his-holiness"
    assert anchor("Gravekeeper's Widow") == "gravekeeper-s-widow"


def test_a_help_marker_becomes_the_commands_real_help() -> None:
    cli_help = hook("cli_help")
    markdown = cli_help.on_page_markdown("<!-- castle-combo:help check -->", page("cli.md"), {}, None)
    assert markdown.startswith("```text\n$ castle-combo check --help\nusage: castle-combo check")


def test_a_command_without_a_section_still_gets_its_help_at_the_end_of_the_page() -> None:
    markdown = hook("cli_help").on_page_markdown("# CLI\n", page("cli.md"), {}, None)
    for command in COMMANDS:
        assert f"## `castle-combo {command}` {{#{command}}}" in markdown
        assert f"usage: castle-combo {command}" in markdown


def test_a_help_marker_for_a_command_that_does_not_exist_fails_the_build() -> None:
    with pytest.raises(PluginError, match="nosuch"):
        hook("cli_help").on_page_markdown("<!-- castle-combo:help nosuch -->", page("cli.md"), {}, None)


def test_every_benchmark_script_is_listed_with_its_docstring(tmp_path: Path) -> None:
    (tmp_path / "bench_x.py").write_text('"""Speed of x.\n\nRun it twice."""\n', encoding="utf-8")
    markdown = hook("benchmarks").script_sections(tmp_path)
    assert "### `bench_x.py` {#bench-x}" in markdown
    assert "Speed of x." in markdown and "Run it twice." in markdown
    assert "python benchmarks/bench_x.py" in markdown


def test_a_benchmark_script_without_a_docstring_fails_the_build(tmp_path: Path) -> None:
    (tmp_path / "bench_y.py").write_text("print(1)\n", encoding="utf-8")
    with pytest.raises(PluginError, match="docstring"):
        hook("benchmarks").script_sections(tmp_path)


def test_sphinx_roles_render_as_plain_code() -> None:
    html = "<p>See :class:<code>Ruleset</code> and :func:<code>~castle_combo.replay</code>. Reading::</p>"
    rendered = hook("roles").on_page_content(html, page("api.md"), {}, None)
    assert rendered == "<p>See <code>Ruleset</code> and <code>castle_combo.replay</code>. Reading:</p>"


def test_a_docstring_list_right_under_its_intro_line_becomes_a_markdown_list() -> None:
    text = "Prints:\n* one\n  continued\n* two\n\nRun it like this::\n\n    python x.py"
    assert hook("benchmarks").as_markdown(text) == (
        "Prints:\n\n* one\n  continued\n* two\n\nRun it like this:\n\n    python x.py"
    )


def test_every_gallery_card_links_to_the_workshop_with_its_source_under_a_name_of_its_own() -> None:
    import html
    import re

    from castle_combo.cli import workshop

    markdown = hook("gallery").gallery_markdown()
    links = re.findall(r'<a class="workshop-link" href="([^"]+)">', markdown)
    rules = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")
    assert len(links) == len(rules)
    texts = [workshop.read_fragment(html.unescape(link).removeprefix("../workshop/")) for link in links]
    assert sorted(texts) == sorted(workshop.gallery_variant(card) for card in rules)


def test_the_editor_highlighting_is_every_rule_of_the_card_languages_lexer_in_order() -> None:
    import re

    from castle_combo.language.lexer import CclLexer

    rules = hook("workshop").highlight_rules()
    assert len(rules) == len(CclLexer.tokens["root"])
    for rule in rules:
        re.compile(rule["regex"])
    tags = {rule["tag"] for rule in rules}
    assert {"comment", "string", "number", "keyword", "atom"} <= tags


def test_the_highlighting_rules_are_javascript_regular_expressions(tmp_path: Path) -> None:
    import json
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js here (the docs build needs it for the Workshop page)")
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps(hook("workshop").highlight_rules()), encoding="utf-8")
    script = ("const rules = JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8'));"
              "for (const r of rules) new RegExp(r.regex, 'my');"
              "const hit = rules.filter(r => r.tag === 'keyword').some(r => {"
              " const re = new RegExp(r.regex, 'my'); re.lastIndex = 4; return re.exec('    deck castle'); });"
              "console.log(hit ? 'ok' : 'no keyword rule matches deck');")
    done = subprocess.run([node, "-e", script, str(rules)], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "ok", done.stderr


def test_a_lexer_rule_the_editor_cannot_follow_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    from pygments.lexer import bygroups
    from pygments.token import Keyword, Text

    from castle_combo.language.lexer import CclLexer

    rules = [*CclLexer.tokens["root"], (r"(x)( )", bygroups(Keyword, Text))]
    monkeypatch.setitem(CclLexer.tokens, "root", rules)
    with pytest.raises(PluginError, match="cannot highlight the lexer rule"):
        hook("workshop").highlight_rules()


def test_the_workshops_pinned_wheels_are_castle_combos_dependencies_within_their_ranges() -> None:
    tomllib = pytest.importorskip("tomllib", reason="tomllib is in the standard library from Python 3.11")
    from packaging.requirements import Requirement

    root = HOOKS.parents[1]
    pins = {}
    for line in (root / "workshop" / "wheels.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            requirement = Requirement(line.split(" --hash")[0])
            pins[requirement.name.replace("_", "-")] = next(iter(requirement.specifier)).version
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    needed = {Requirement(dep).name: Requirement(dep) for dep in project["dependencies"]}
    terminal_only = {"rich", "pygments", "textual"}
    assert set(needed) - terminal_only <= set(pins) - {"typing-extensions"}
    for name, version in pins.items():
        if name in needed:
            assert needed[name].specifier.contains(version), (name, version)


#: Card names a fan expansion could carry into its docs: markup, script, a link, emphasis, attributes.
HOSTILE_NAMES = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "[x](javascript:alert(1))",
    "A|B **C** `d` _e_",
    "<b onmouseover='alert(1)'>hi</b>",
    "x {: onclick=alert(1) }",
    "```",
]


def test_the_gallery_escapes_every_text_of_hostile_card_names_that_reaches_html(tmp_path: Path) -> None:
    """The gallery put a card's name into an HTML attribute and Markdown as it was: a fan's card could carry script."""
    import html.parser

    import markdown

    text = "".join(
        f'card "{name.replace(chr(34), chr(92) + chr(34))}" {{ deck castle cost 3 shields faith '
        "score 1 per faith shield }\n" for name in HOSTILE_NAMES)
    (tmp_path / "hostile.ccl").write_text(text, encoding="utf-8")
    rules = cc.Ruleset.standard().extend([tmp_path / "hostile.ccl"])
    assert {card.name for card in rules} >= set(HOSTILE_NAMES)
    source = hook("gallery").gallery_markdown(rules)
    page_html = markdown.markdown(source, extensions=[
        "admonition", "attr_list", "tables", "toc", "pymdownx.details", "md_in_html", "pymdownx.superfences"])

    class Elements(html.parser.HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.tags: list[str] = []
            self.attributes: list[tuple[str, str | None]] = []
            self.text: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.tags.append(tag)
            self.attributes += attrs

        def handle_data(self, data: str) -> None:
            self.text.append(data)

    seen = Elements()
    seen.feed(page_html)
    assert "script" not in seen.tags and "img" not in seen.tags and "b" not in seen.tags
    assert not [name for name, _ in seen.attributes if name.startswith("on")]
    links = [value or "" for key, value in seen.attributes if key in ("href", "src", "action", "xlink:href")]
    assert not [link for link in links if "javascript:" in link]
    words = "".join(seen.text)
    for name in HOSTILE_NAMES:
        assert name in words, f"{name!r} is not shown as written"
    titles = [value for key, value in seen.attributes if key == "title"]
    assert set(HOSTILE_NAMES) <= set(titles)  # each picture's link names its card, as written
