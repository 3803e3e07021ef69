"""Every example in the docs runs, so the docs cannot rot.

The fenced blocks of ``docs/*.md`` and ``README.md`` are checked by language:

* ```` ```python ```` blocks are executed, each in a fresh namespace, in a
  scratch directory holding a copy of ``examples/``. A ```` ```text title="Output" ````
  block right after one is its exact expected output.
* ```` ```ccl ```` blocks must parse with :func:`castle_combo.language.parse_text`,
  unless an HTML comment ``<!-- expect-error: ErrorClass -->`` sits right
  above the block: then parsing must raise that :mod:`castle_combo.errors` class.
  A python block with ``<!-- requires: module, ... -->`` right above it needs
  an optional extra: it is skipped without those modules (unless
  ``CASTLE_COMBO_REQUIRE_EXTRAS=1``, as in CI, which installs them).
* ```` ```console ```` blocks are transcripts: every ``$ castle-combo ...``
  line is run in that scratch directory and what it prints (its stdout, then
  its stderr, as a terminal shows them) must be the lines that follow, up to
  invisible trailing spaces.

A block may include a repository file with the snippets syntax the site uses
(a line ``--8<-- "path/from/the/repo/root"``); the file's text is checked in
its place, so an included example is checked exactly as the reader sees it.

A block with ``title="PATH"`` (any language; ``Output`` excepted) is also a
file: it is written to PATH in the scratch directory before a console
transcript of the same page runs, so the transcript can read it.

``sh`` blocks are commands for the reader to type (installing, building); they
are not run here (the README's test command is checked by ``test_readme.py``).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from castle_combo import errors

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]

FENCE = re.compile(
    r"(?P<before>(?:^[^\n]*\n){0,2})"
    r"^(?P<indent>[ \t]*)```(?P<lang>[a-z]+)(?P<attrs>[^\n]*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
    re.MULTILINE | re.DOTALL,
)
SNIPPET = re.compile(r'^--8<-- "(?P<path>[^"]+)"$', re.MULTILINE)
EXPECT_ERROR = re.compile(r"<!-- expect-error: (?P<error>\w+) -->\s*$")
REQUIRES = re.compile(r"<!-- requires: (?P<modules>[\w., ]+) -->\s*$")
TITLE = re.compile(r'title="(?P<title>[^"]+)"')


@attrs.frozen
class Block:
    """One fenced code block of a docs page."""

    page: Path
    line: int
    lang: str
    title: str | None
    body: str
    expect_error: str | None
    requires: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    """The fenced code blocks of ``page``, in order, with their markers."""
    text = page.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        indent = match.group("indent")
        body = "".join(line[len(indent):] for line in match.group("body").splitlines(keepends=True))
        body = SNIPPET.sub(lambda m: (ROOT / m.group("path")).read_text(encoding="utf-8").rstrip("\n"), body)
        marker = EXPECT_ERROR.search(match.group("before"))
        needs = REQUIRES.search(match.group("before"))
        title = TITLE.search(match.group("attrs"))
        found.append(
            Block(
                page=page,
                line=text.count("\n", 0, match.start("indent")) + 1,
                lang=match.group("lang"),
                title=title.group("title") if title else None,
                body=body,
                expect_error=marker.group("error") if marker else None,
                requires=tuple(m.strip() for m in needs.group("modules").split(",")) if needs else (),
            )
        )
    return found


ALL_BLOCKS = [block for page in PAGES for block in blocks(page)]


def of(lang: str) -> list[Block]:
    return [block for block in ALL_BLOCKS if block.lang == lang]


def expected_output(block: Block) -> str | None:
    """The ``text title="Output"`` block right after a python block, if any."""
    page_blocks = [b for b in ALL_BLOCKS if b.page == block.page]
    index = page_blocks.index(block)
    following = page_blocks[index + 1] if index + 1 < len(page_blocks) else None
    if following and following.lang == "text" and following.title == "Output":
        return following.body
    return None


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory with a copy of ``examples/``, where the docs' examples run."""
    if (ROOT / "examples").is_dir():
        shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_docs_have_examples_of_each_kind() -> None:
    assert of("python") and of("ccl") and of("console")


@pytest.mark.parametrize("block", of("python"), ids=lambda b: b.id)
def test_python_example_runs(block: Block, scratch: Path) -> None:
    for module in block.requires:  # an example of an optional extra: <!-- requires: pyspiel -->
        if os.environ.get("CASTLE_COMBO_REQUIRE_EXTRAS") != "1":
            pytest.importorskip(module, reason=f"{module} is not installed (an optional extra)")
    out = io.StringIO()
    namespace = {"__name__": "__docs_example__"}
    with contextlib.redirect_stdout(out):
        exec(compile(block.body, block.id, "exec"), namespace)  # noqa: S102 - the docs' own code
    expected = expected_output(block)
    if expected is not None:
        assert out.getvalue() == expected


@pytest.mark.parametrize("block", of("ccl"), ids=lambda b: b.id)
def test_ccl_example_parses_or_fails_as_documented(block: Block) -> None:
    from castle_combo.language import parse_text

    if block.expect_error is None:
        assert parse_text(block.body)
        return
    error = getattr(errors, block.expect_error)
    with pytest.raises(error):
        parse_text(block.body)


def transcript(body: str) -> list[tuple[str, str]]:
    """The (command, expected output) pairs of a console block."""
    steps: list[tuple[str, list[str]]] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
        else:
            raise AssertionError(f"console block must start with a '$ ' command, not {line!r}")
    return [(command, "\n".join(output)) for command, output in steps]


def without_trailing_spaces(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.splitlines())


def run_command(command: str, cwd: Path) -> str:
    """Run a ``castle-combo ...`` command line as the reader would; return what it prints."""
    argv = shlex.split(command)
    assert argv[0] == "castle-combo", f"console examples run castle-combo only, not {argv[0]!r}"
    env = {**os.environ, "COLUMNS": "88", "NO_COLOR": "1", "TERM": "dumb"}
    result = subprocess.run(
        [sys.executable, "-m", "castle_combo.cli", *argv[1:]],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return (result.stdout + result.stderr).rstrip("\n")


@pytest.mark.parametrize("block", of("console"), ids=lambda b: b.id)
def test_console_transcript_matches_what_the_command_prints(block: Block, scratch: Path) -> None:
    for other in ALL_BLOCKS:
        if other.page == block.page and other.title not in (None, "Output"):
            path = scratch / other.title
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(other.body, encoding="utf-8")
    for command, expected in transcript(block.body):
        assert without_trailing_spaces(run_command(command, scratch)) == without_trailing_spaces(expected), command
