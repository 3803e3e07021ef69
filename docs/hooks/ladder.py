"""MkDocs hook: the bot ladder page's table and chart, drawn from the committed result.

In ``docs/ladder.md`` the marker ``<!-- castle-combo:ladder -->`` becomes a
sentence saying when, where and how the ladder was measured, a table of
every bot with its rating, 95% interval, expected score against the greedy
bot, time per move and games, and the chart, all read from
``benchmarks/results/ladder.json`` (written by ``benchmarks/ladder.py``)
when the site is built. No number of the ladder is typed into the page, so
the page shows whatever the last committed run measured, and a new run
changes it by itself.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

MARKER = "<!-- castle-combo:ladder -->"
RESULT = Path(__file__).resolve().parents[2] / "benchmarks" / "results" / "ladder.json"


def load(path: Path = RESULT) -> dict[str, Any]:
    """The committed ladder result, or a build error that says how to make one."""
    try:
        document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise PluginError(f"cannot read the ladder result {path}: {error}; run python benchmarks/ladder.py") from None
    return document


def ladder_markdown(document: dict[str, Any]) -> str:
    """The measurement sentence, the table and the chart of a ladder result."""
    from castle_combo.bots.ladder import document_chart, expected_score, ratings_of, time_words

    ratings_of(document)  # checks the format
    anchor = document["anchor"]
    load_before, load_after = document["load"]
    lines = [
        f"Measured on {document['date']} at commit `{document['commit']}` with "
        f"`{document['command'].strip()}`: {document['games_per_pair']} games per pair of bots (each deal played "
        f"once from each seat), on {document['machine']} playing {document['jobs']} "
        f"{'game' if document['jobs'] == 1 else 'games'} at a time, with a load average of {load_before:g} at the "
        f"start and {load_after:g} at the end. Ratings are on the Elo scale with "
        f"`{anchor['bot']}` held at {anchor['rating']:g}.",
        "",
        f"| bot | rating (95% interval) | expected score against `{anchor['bot']}` | time per move | games | "
        "score in them |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for r in document["ratings"]:
        low, high = r["ci95"]
        interval = "fixed" if r["bot"] == anchor["bot"] else f"{low:,.0f} to {high:,.0f}"
        versus = expected_score(r["rating"] - anchor["rating"])
        timed = " (timed)" if r.get("timed") else ""
        lines.append(f"| `{r['bot']}`{timed} | **{r['rating']:,.0f}** ({interval}) | {versus:.0%} | "
                     f"{time_words(r['seconds_per_move'])} | {r['games']} | {r['score']:.0%} |")
    lines += ["", f'<div class="picture wide">{document_chart(document)}</div>']
    return "\n".join(lines)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Fill the ladder page's marker from the committed result."""
    if page.file.src_uri != "ladder.md":
        return markdown
    if MARKER not in markdown:
        raise PluginError(f"docs/ladder.md lost its marker {MARKER}")
    return markdown.replace(MARKER, ladder_markdown(load()))
