"""MkDocs hook: the performance page lists every script in ``benchmarks/`` from its own docstring.

In ``docs/performance.md`` the marker ``<!-- castle-combo:benchmarks -->``
becomes one section per ``benchmarks/*.py`` script: its module docstring
(what it measures, its options) and the command that runs it. A new script
therefore appears on the page by itself, and a script's description can only
be changed in one place (a helper the scripts share is named with a leading underscore,
``_callgrind.py``, and left out). The measured numbers stay on the page as text,
because they belong to one machine and one date, which the page states.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

MARKER = "<!-- castle-combo:benchmarks -->"


def as_markdown(docstring: str) -> str:
    """A docstring's reST-flavoured text made Markdown: a blank line before a list, no ``::`` markers.

    Docstrings often start a bullet list right under its introducing line,
    which reST accepts and Markdown would run into the paragraph.
    """
    lines: list[str] = []
    for line in docstring.splitlines():
        if line.endswith("::"):
            line = line[:-1]
        starts_list = line.lstrip().startswith(("* ", "- "))
        if starts_list and lines and lines[-1].strip() and not lines[-1].lstrip().startswith(("* ", "- ")):
            if not lines[-1].startswith(" "):
                lines.append("")
        lines.append(line)
    return "\n".join(lines)


def script_sections(folder: Path) -> str:
    """Markdown with a section per benchmark script of ``folder``, in file-name order."""
    scripts = sorted(path for path in folder.glob("*.py") if not path.name.startswith("_"))  # (_x.py: a helper)
    if not scripts:
        raise PluginError(f"no benchmark scripts in {folder}")
    parts = []
    for script in scripts:
        docstring = ast.get_docstring(ast.parse(script.read_text(encoding="utf-8")))
        if not docstring:
            raise PluginError(f"{script} has no module docstring to say what it measures; add one")
        title, _, body = docstring.partition("\n")
        # The command, unless the docstring already shows it (then it would be there twice).
        command = "" if f"benchmarks/{script.name}" in docstring else f"```sh\npython benchmarks/{script.name}\n```\n"
        parts.append(
            f"### `{script.name}` {{#{script.stem.replace('_', '-')}}}\n\n"
            f"{title.strip()}\n\n{as_markdown(body.strip())}\n\n{command}"
        )
    return "\n".join(parts)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Fill the performance page's marker with the benchmark scripts' descriptions."""
    if page.file.src_uri != "performance.md":
        return markdown
    if MARKER not in markdown:
        raise PluginError(f"docs/performance.md lost its marker {MARKER}")
    folder = Path(config["config_file_path"]).parent / "benchmarks"
    return markdown.replace(MARKER, script_sections(folder))
