"""MkDocs hook: render Sphinx cross-reference roles in docstrings as plain code.

The package's docstrings use Sphinx roles (``:class:`Ruleset```, ``:func:`parse_text```)
so that they read well in ``help()`` and in editors. mkdocstrings renders the
docstrings as Markdown, where a role would show up as ``:class:`` followed by
code; this hook drops the role name and keeps the code. It also turns the
reST literal-block marker ``Example::`` into a plain colon, since the block
after it already renders as code.
"""

from __future__ import annotations

import re
from typing import Any

ROLE = re.compile(r":(?:py:)?(?:class|meth|func|mod|attr|exc|data|obj|const):(<code>)~?")


LITERAL_MARKER = re.compile(r"(?<=\w)::</p>")


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """Strip role prefixes before inline code, and reST ``::`` markers, in the rendered page."""
    return LITERAL_MARKER.sub(":</p>", ROLE.sub(r"\1", html))
