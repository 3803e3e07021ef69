"""MkDocs hook: the CLI reference shows the real ``--help`` of every subcommand.

In ``docs/cli.md`` the marker ``<!-- castle-combo:help NAME -->`` becomes a
code block with the output of ``castle-combo NAME --help`` (the bare marker
``<!-- castle-combo:help -->`` gives ``castle-combo --help``), captured from
the installed command line at build time, so the reference cannot drift from
the parser. A subcommand registered in ``castle_combo.cli.COMMANDS`` that the
page has no marker for still gets a section at the end of the page with its
help: the reference is complete even before someone writes prose for it.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from typing import Any

from mkdocs.exceptions import PluginError

MARKER = re.compile(r"<!-- castle-combo:help(?: (?P<command>[a-z][a-z-]*))? -->")

#: Help is wrapped at this width, the same on every machine.
COLUMNS = "88"


def help_text(command: str | None) -> str:
    """The text ``castle-combo [COMMAND] --help`` prints, wrapped at :data:`COLUMNS` columns."""
    from castle_combo.cli import main

    argv = [command, "--help"] if command else ["--help"]
    out = io.StringIO()
    previous = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = COLUMNS
    try:
        with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
            main(argv)
    finally:
        if previous is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = previous
    return out.getvalue().rstrip("\n")


def _block(command: str | None) -> str:
    prompt = f"$ castle-combo {command} --help" if command else "$ castle-combo --help"
    return f"```text\n{prompt}\n{help_text(command)}\n```"


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Replace each help marker of the CLI page; append sections for undocumented commands."""
    if page.file.src_uri != "cli.md":
        return markdown
    from castle_combo.cli import COMMANDS

    named = {match.group("command") for match in MARKER.finditer(markdown)}
    unknown = sorted(name for name in named if name is not None and name not in COMMANDS)
    if unknown:
        raise PluginError(f"docs/cli.md documents commands that do not exist: {', '.join(unknown)}")
    markdown = MARKER.sub(lambda match: _block(match.group("command")), markdown)
    for command in COMMANDS:
        if command not in named:
            markdown += f"\n\n## `castle-combo {command}` {{#{command}}}\n\n{_block(command)}\n"
    return markdown
