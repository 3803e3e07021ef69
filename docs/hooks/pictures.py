"""MkDocs hook: pictures drawn at build time by :mod:`castle_combo.pictures`.

Markers in any page become inline SVG:

* ``<!-- castle-combo:tableau A|B|C / D|E|F / G|H|I -->``: a tableau, rows top
  first; ``-`` is an empty space, ``down:NAME`` (or ``down``) a face-down card, ``NAME+3``
  a purse card holding 3 gold; ``... ; score NAME`` adds a caption with the points
  the card NAME scores in that (full) tableau, computed by :func:`castle_combo.score_tableau`
  (``... ; messenger village ; score NAME``: with the messenger at the village at the end;
  ``... ; keys 5 ; score NAME``: with 5 keys held at the end;
  ``... ; from_reserve NAME ; score NAME``: NAME of the grid taken face up from its owner's reserve);
* ``<!-- castle-combo:card NAME -->``: one card;
* ``<!-- castle-combo:chart TITLE ; LABEL=VALUE ; ... ; max=M ; unit=U -->``:
  a horizontal bar chart of the values (a measured table, drawn);
* ``<!-- castle-combo:sheet EXPANSION -->``: the first print-and-play sheet of an
  expansion's cards, its fronts beside its backs, as ``castle-combo render --sheets`` prints it.

After the build, ``replay/example.html`` is written into the site: a whole
three-player game between the built-in bots as the self-contained replay
page of ``castle-combo replay --html``, so the docs can embed it.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

MARKER = re.compile(r"<!-- castle-combo:(tableau|card|chart|sheet) (.+?) -->", re.S)


#: The cards of the fan guide's tour of the language, drawn like the printed ones.
TOUR = Path(__file__).resolve().parents[2] / "examples" / "language-tour"


def _rules() -> Any:
    from castle_combo import Ruleset
    return Ruleset.standard().with_expansion("out-of-the-oubliette").extend([TOUR])


def _entries(spec: str) -> list[list[str]]:
    return [[entry.strip() for entry in line.split("|")] for line in spec.split("/")]


def score_caption(spec: str, name: str, messenger: str | None = None, keys: int = 0,
                  from_reserve: str | None = None) -> str:
    """What the card ``name`` scores in the full tableau ``spec``, as a sentence under the picture."""
    from castle_combo import score_tableau
    grid: list[list[str]] = []
    purse_gold: dict[str, int] = {}
    for row in _entries(spec):
        grid.append([])
        for entry in row:
            if entry.startswith("down"):
                grid[-1].append("face-down")
                continue
            if "+" in entry:
                entry, amount = entry.rsplit("+", 1)
                purse_gold[entry.strip()] = int(amount)
            grid[-1].append(entry.strip())
    sheet = score_tableau(grid, purse_gold=purse_gold, rules=_rules(), messenger=messenger, keys=keys,
                          from_reserve=from_reserve)
    (points,) = [sheet.cards[y][x] for y, row in enumerate(grid) for x, entry in enumerate(row) if entry == name]
    return (f'<p class="picture-caption">{escape(name)} scores <strong>{points}</strong> '
            f'{"point" if abs(points) == 1 else "points"} in this tableau.</p>')


def tableau_svg(spec: str) -> str:
    """The tableau a marker describes (see the module docstring)."""
    from castle_combo import pictures
    rules = _rules()
    cells = []
    for r, line in enumerate(spec.split("/")):
        for c, entry in enumerate(line.split("|")):
            entry = entry.strip()
            if entry in ("-", ""):
                continue
            face_down = entry.startswith("down")
            name = entry.removeprefix("down").removeprefix(":")
            if face_down and not name:
                cells.append(pictures.Cell(None, c, r, True))
                continue
            gold = 0
            if "+" in name:
                name, amount = name.rsplit("+", 1)
                gold = int(amount)
            cells.append(pictures.Cell(rules[name.strip()], c, r, face_down, gold))
    return pictures.tableau(cells)


def sheet_svgs(expansion: str) -> str:
    """The fronts and the backs of an expansion's first print-and-play sheet, side by side."""
    from castle_combo import Ruleset
    from castle_combo.pictures import sheets

    standard = Ruleset.standard()
    added = [card for card in standard.with_expansion(expansion).cards if card.name not in standard]
    fronts, backs = sheets.pages(added, expansion)[:2]
    # The page's size in millimetres becomes the width of the picture on the page.
    return "".join(re.sub(r' width="[\d.]+mm" height="[\d.]+mm"', '', page, count=1)
                   for page in (fronts, backs))


def chart_svg(spec: str) -> str:
    """A horizontal bar chart: ``TITLE ; label=value ; ... ; max=M ; unit=U``."""
    title, *items = [part.strip() for part in spec.split(";")]
    options = {k: v for k, v in (item.split("=", 1) for item in items) if k in ("max", "unit")}
    bars = [(k.strip(), float(v)) for k, v in (item.split("=", 1) for item in items) if k not in ("max", "unit")]
    top = float(options.get("max", max(v for _, v in bars)))
    unit = options.get("unit", "")
    label_w, bar_w, row = 300, 380, 30
    height = 40 + row * len(bars) + 10
    parts = [f'<text x="8" y="22" font-size="15" font-weight="bold">{escape(title)}</text>']
    for i, (label, value) in enumerate(bars):
        y = 40 + i * row
        width = max(1.0, bar_w * min(1.0, value / top))
        shown = f"{value:,.1f}".removesuffix(".0") + unit
        parts.append(f'<text x="{label_w - 8}" y="{y + 16}" text-anchor="end" font-size="13">{escape(label)}</text>')
        parts.append(f'<rect x="{label_w}" y="{y + 3}" width="{width:.1f}" height="18" rx="3" fill="#6d4c41"/>')
        parts.append(f'<text x="{label_w + width + 6:.1f}" y="{y + 16}" font-size="13">{escape(shown)}</text>')
    total = label_w + bar_w + 150  # room for the longest value label after a full bar
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{height}" viewBox="0 0 {total} '
            f'{height}" font-family="DejaVu Sans, Verdana, sans-serif" role="img" aria-label="{escape(title)}">'
            f"<title>{escape(title)}</title>{''.join(parts)}</svg>")


def _replace(match: re.Match[str]) -> str:
    from castle_combo import pictures
    kind, spec = match.group(1), match.group(2).strip()
    try:
        if kind == "tableau":
            spec, *options = (part.strip() for part in spec.split(";"))
            scored = next((o.removeprefix("score").strip() for o in options if o.startswith("score")), "")
            messenger = next((o.removeprefix("messenger").strip() for o in options if o.startswith("messenger")),
                             None)
            keys = int(next((o.removeprefix("keys").strip() for o in options if o.startswith("keys")), "0"))
            from_reserve = next((o.removeprefix("from_reserve").strip() for o in options
                                 if o.startswith("from_reserve")), None)
            caption = score_caption(spec, scored, messenger, keys, from_reserve) if scored else ""
            if not caption:
                return f'<div class="picture">{tableau_svg(spec)}</div>'
            return f'<div class="scored"><div class="picture">{tableau_svg(spec)}</div>{caption}</div>'
        if kind == "card":
            return f'<div class="picture" style="max-width:220px">{pictures.card(_rules()[spec])}</div>'
        if kind == "sheet":
            return f'<div class="sheet-pair">{sheet_svgs(spec)}</div>'
        return f'<div class="picture wide">{chart_svg(spec)}</div>'
    except Exception as error:  # a bad marker must fail the build, naming itself
        raise PluginError(f"cannot draw {match.group(0)!r}: {type(error).__name__}: {error}") from error


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Draw every picture marker of the page."""
    return MARKER.sub(_replace, markdown)


def example_game() -> Any:
    """A whole three-player game between the built-in bots, the same at every build."""
    import random

    import castle_combo as cc
    from castle_combo.bots.registry import make_agent

    state = cc.new_game(players=3, seed=2024)
    bots = [make_agent("greedy"), make_agent("greedy"), make_agent("random")]
    rngs = [random.Random(seat) for seat in range(3)]
    while not state.is_over:
        seat = state.to_act
        state = state.apply(bots[seat].choose(state.view(seat), rngs[seat]))
    return state


def on_post_build(config: Any) -> None:
    """Write the example replay page into the built site."""
    from castle_combo.engine.record import Seat
    from castle_combo.records.replay_page import replay_page

    out = Path(config["site_dir"]) / "replay" / "example.html"
    out.parent.mkdir(parents=True, exist_ok=True)
    seats = (Seat("greedy A", "greedy"), Seat("greedy B", "greedy"), Seat("random", "random"))
    page = replay_page(example_game(), seats=seats, title="Castle Combo: greedy, greedy and random")
    out.write_text(page, encoding="utf-8")
