"""A finished (or unfinished) game as one self-contained HTML page that steps through it.

``castle-combo replay GAME.json --html OUT.html`` writes it. The page needs
no network: every card is drawn once as an inline SVG ``<symbol>`` (its full
face for the rows, its face as it matters in a tableau, and its back) and
each step of the game is a ``<section>`` that places those symbols, with the
move that led to it told in words (:func:`castle_combo.records.narration.narrate`).
A little JavaScript shows one step at a time: buttons, the arrow keys (Home
and End too), and the address: ``OUT.html#N`` opens the page after N
actions and the address follows the steps.

What a person sees matches what the words say:

* every tableau is drawn in its final 3x3 grid from the first step, so a card
  stays where it was placed (unless a fan card swaps it with another: the
  occupied places never change), and the words name the places the picture shows
  ("takes the Nun face up at the top left");
* the cards the move changed (the card taken, a purse that got gold, a lock
  opened, the cards new in a row) are ringed in dashed orange;
* the last step shows the table after the end-of-game purse filling: the
  gold on each purse card and the gold left are those the score sheets
  count, and each seat's score sheet is drawn under its name;
* the players are named, with their bots, from the record's ``seats``.

Each seat's panel carries ``data-seat``, ``data-gold`` and ``data-keys``
with that seat's values at that step (after the purse filling at the last
step), and every drawn card ``data-card`` (with ``data-changed`` when ringed),
so a test (or a script) can read the position without parsing pictures. At
1280 pixels wide every word on a card is at least 11 pixels tall; narrower
windows (an embedded frame, a phone) scale the table down.

Only public facts are shown: the rows, the tableaux (face-down cards are
known to all, since they were taken from a face-up row), supplies, deck and
discard sizes; never a deck's order.

The drawing of one position (:func:`table_section`), the card symbols it
places (:func:`card_symbols`) and its style (:func:`table_style`) are public:
the Card Workshop page draws the game a fan plays with them, adding the free
spaces where a card may go (each a slot with ``data-at="x,y"``, the tableau
position).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from castle_combo import pictures
from castle_combo.engine.record import Seat
from castle_combo.engine.state import GameState
from castle_combo.language import english
from castle_combo.records.narration import grid_corners, grid_place, narrate, seat_names

__all__ = ["replay_page", "states_of", "table_section", "card_symbols", "table_style"]

#: Sizes in CSS pixels at full size (--u is one pixel there, less in a narrower window): a full card in a
#: row, a card in a tableau. At these sizes the smallest words on a card are 11 pixels tall.
_ROW_CARD, _TABLEAU_CARD = 195, 128

_PAGE_STYLE = """
body{font-family:"DejaVu Sans",Verdana,sans-serif;margin:0;background:#f4f1ea;color:#1d1d1d}
header{position:sticky;top:0;background:#34508a;color:white;padding:8px 12px;display:flex;gap:10px;
 align-items:center;flex-wrap:wrap;z-index:2}
header h1{font-size:17px;margin:0 12px 0 0}
header button{font-size:15px;padding:3px 10px;border-radius:5px;border:1px solid #cbd5ea;background:#eef2fa;
 cursor:pointer}
header .where{font-size:14px;min-width:9em}
main{padding:8px}
"""

_TABLE_STYLE = """
:root{--u:min(1px,calc((100vw - 30px) / 1250));--r:var(--u)}
@media (max-width:700px){:root{--u:min(1px,calc((100vw - 24px) / 410));--r:min(1px,calc((100vw - 34px) / 600))}
 .rows{flex-direction:column}}
.step{display:none}.step.shown{display:block}
.said{font-size:16px;margin:4px 0 10px;min-height:1.3em}
.rows{display:flex;gap:calc(20 * var(--u));flex-wrap:wrap;margin-bottom:10px}
.row h2{font-size:14px;margin:0 0 4px}.row.messenger h2{color:#c8102e}
.row .cards{border-left:4px solid transparent;padding-left:6px}
.row.messenger .cards{border-left-color:#c8102e}
.cards{display:flex;gap:calc(6 * var(--r))}
svg.card{display:block;overflow:visible}
svg.card.full{width:calc(195 * var(--r));height:calc(273 * var(--r))}
svg.card.kept{width:calc(128 * var(--u));height:calc(179.2 * var(--u))}
.changed{outline:3px dashed #e8590c;outline-offset:2px;border-radius:8px}
.seats{display:flex;gap:calc(10 * var(--u));flex-wrap:wrap}
.seat{background:#fafafa;border:1px solid #bbb;border-radius:8px;padding:calc(6 * var(--u))}
.seat.to-play{border:1px solid #1a73e8;outline:1px solid #1a73e8;background:#eef4fe}
.seat h3{font-size:15px;margin:0}.seat .bot{font-weight:normal;color:#555;font-size:13px}
.seat .supply{font-size:13px;margin:2px 0 6px;color:#444}
.grid{display:grid;grid-template-columns:repeat(3,calc(128 * var(--u)));
 grid-template-rows:repeat(3,calc(179.2 * var(--u)));gap:calc(4 * var(--u))}
.slot{border:1px dashed #c4c4c4;border-radius:6px}
.slot.filled{border:none}
.end{display:flex;gap:12px;flex-wrap:wrap;margin-top:12px;align-items:flex-start}
.end svg{width:calc(410 * var(--u));height:auto;min-width:260px}
.scores{border-collapse:collapse;font-size:14px}.scores td,.scores th{border:1px solid #bbb;padding:3px 9px}
"""


def _scoped(css: str, scope: str) -> str:
    """Every rule of ``css`` limited to ``scope``'s descendants, ``:root``'s sizes given to its children."""
    out, i = [], 0
    while (start := css.find("{", i)) >= 0:
        head = css[i:start].strip()
        if head.startswith("@"):
            depth, end = 1, start + 1
            while depth:
                depth += {"{": 1, "}": -1}.get(css[end], 0)
                end += 1
            out.append(f"{head}{{{_scoped(css[start + 1:end - 1], scope)}}}")
        else:
            end = css.index("}", start) + 1
            selectors = (f"{scope} > *" if selector.strip() == ":root" else f"{scope} {selector.strip()}"
                         for selector in head.split(","))
            out.append(",".join(selectors) + css[start:end])
        i = end
    return "".join(out)


def table_style(scope: str = "") -> str:
    """The CSS of :func:`table_section`; with ``scope`` (a selector), for a table inside another page.

    Scoped, every rule is limited to the element ``scope`` names, so it
    styles nothing else of the page, and the table is sized to that element
    instead of the window: it is made a size container, and the widths and
    breakpoints the replay page takes from the window (``vw``, ``@media``)
    are taken from it (``cqw``, ``@container``).
    """
    if not scope:
        return _TABLE_STYLE
    contained = _TABLE_STYLE.replace("\n", " ").replace("100vw", "100cqw").replace("@media", "@container")
    return f"{scope}{{container-type:inline-size}}" + _scoped(contained, scope)


_SCRIPT = """
(function(){
  var steps=document.querySelectorAll('section.step'), last=steps.length-1, now=-1;
  var where=document.getElementById('where');
  function show(n){
    n=Math.max(0,Math.min(last,n|0));
    if(now>=0){steps[now].classList.remove('shown');}
    steps[n].classList.add('shown'); now=n;
    where.textContent='step '+n+' of '+last;
    if(location.hash!=='#'+n){history.replaceState(null,'','#'+n);}
  }
  function fromHash(){var n=parseInt(location.hash.slice(1),10);show(isNaN(n)?0:n);}
  document.getElementById('first').onclick=function(){show(0);};
  document.getElementById('prev').onclick=function(){show(now-1);};
  document.getElementById('next').onclick=function(){show(now+1);};
  document.getElementById('last').onclick=function(){show(last);};
  document.addEventListener('keydown',function(e){
    if(e.key==='ArrowRight'){show(now+1);}else if(e.key==='ArrowLeft'){show(now-1);}
    else if(e.key==='Home'){show(0);}else if(e.key==='End'){show(last);}else{return;}
    e.preventDefault();
  });
  window.addEventListener('hashchange',fromHash);
  fromHash();
})();
"""


def states_of(final: GameState) -> list[GameState]:
    """Every state of the game that led to ``final``, from the deal (index 0) to ``final`` itself."""
    record = final.record()
    record["actions"] = []
    from castle_combo.records.serialize import replay

    state = replay(record, final.rules)
    states = [state]
    for action in final.history:
        state = state.apply(action)
        states.append(state)
    return states


def _symbol(kind: str, card: int, body: str) -> str:
    return (f'<symbol id="{kind}{card}" viewBox="0 0 {pictures.CARD_WIDTH} {pictures.CARD_HEIGHT}">'
            f"{body}</symbol>")


def _card(kind: str, card: pictures.CardLike, ids: dict[str, int], changed: bool, extra: str = "",
          label: str = "") -> str:
    """A card as a small ``<svg>`` that uses the card's symbol of ``kind``, ringed when ``changed``."""
    size = "full" if kind == "c" else "kept"
    mark = ' data-changed="1"' if changed else ""
    return (f'<svg class="card {size}{" changed" if changed else ""}" viewBox="0 0 {pictures.CARD_WIDTH} '
            f'{pictures.CARD_HEIGHT}" role="img" aria-label="{escape(label or card.name)}" '
            f'data-card="{escape(card.name)}"{mark}><use href="#{kind}{ids[card.name]}"/>{extra}</svg>')


def _seat_title(seat: Seat) -> str:
    """A seat's heading: its name, and its bot when a bot played it."""
    bot = f' <span class="bot">&middot; {escape(seat.bot)} bot</span>' if seat.bot is not None else ""
    return escape(seat.name) + bot


def _window(state: GameState, seat: int, spots: Sequence[tuple[int, int]]) -> tuple[int, int, int, int]:
    """The grid that shows ``seat``'s cards and ``spots``: its left column, top row, columns and rows (3x3 at least)."""
    xs = [t.at[0] for t in state.tableau(seat)] + [x for x, _ in spots]
    ys = [t.at[1] for t in state.tableau(seat)] + [y for _, y in spots]
    left, top = min(xs, default=0), min(ys, default=0)
    return left, top, max(3, max(xs, default=0) - left + 1), max(3, max(ys, default=0) - top + 1)


def table_section(state: GameState, seats: Sequence[Seat], ids: dict[str, int], *, said: str = "", index: int = 0,
                  shown: bool = False, corners: Sequence[tuple[int, int]] | None = None,
                  before: GameState | None = None, spots: Sequence[tuple[int, int]] = (),
                  spot_seat: int | None = None) -> str:
    """One position as HTML: what was ``said`` about the move, both rows, every seat's supplies and tableau.

    Cards are ``<use>`` references to :func:`card_symbols` (``ids`` maps a
    card's name to its index in the ruleset); ``corners`` and ``before`` are
    :meth:`~castle_combo.GameState.picture`'s. ``spots`` are tableau
    positions of ``spot_seat`` to draw as slots (a player's free spaces):
    that seat's grid then grows to hold them, and every one of its slots
    carries ``data-at="x,y"``. At the end, the totals and each seat's score
    sheet follow.
    """
    window = _window(state, spot_seat, spots) if spot_seat is not None and spots else None
    if window is not None:
        assert spot_seat is not None
        corners = list(corners) if corners is not None else grid_corners(state)
        corners[spot_seat] = window[:2]
    picture = state.picture([seat.name for seat in seats], corners, since=before)
    fresh = set(picture.fresh)
    parts = [f'<section class="step{" shown" if shown else ""}" id="step-{index}" data-step="{index}">',
             f'<p class="said">{escape(said)}</p>', '<div class="rows">']
    for k, (deck, cards) in enumerate((("castle", picture.castle), ("village", picture.village))):
        here = picture.messenger == deck
        parts.append(f'<div class="row{" messenger" if here else ""}"><h2>{deck.capitalize()} row'
                     f'{" (messenger)" if here else ""}: deck {picture.decks[k]}, discard {picture.discards[k]}</h2>'
                     '<div class="cards">')
        golds = picture.castle_gold if k == 0 else picture.village_gold
        for i, card in enumerate(cards):
            gold = golds[i] if i < len(golds) else 0  # gold piling up on the card in its row
            extra = pictures.badges(pictures.Cell(card, 0, 0, False, gold)) if gold else ""
            parts.append(_card("c", card, ids, card.name in fresh, extra))
        parts.append("</div></div>")
    parts.append('</div><div class="seats">')
    for seat, panel in enumerate(picture.seats):
        waiting = f" (+{panel.keys_on_cards} on locks)" if panel.keys_on_cards else ""
        left, top, columns, rows = window if window is not None and seat == spot_seat else (0, 0, 3, 3)
        size = "" if (columns, rows) == (3, 3) else (
            f' style="grid-template-columns:repeat({columns},calc(128 * var(--u)));'
            f'grid-template-rows:repeat({rows},calc(179.2 * var(--u)))"')
        parts.append(f'<div class="seat{" to-play" if panel.to_play else ""}" data-seat="{seat}" '
                     f'data-gold="{panel.gold}" data-keys="{panel.keys}"><h3>{_seat_title(seats[seat])}'
                     f'{" - to play" if panel.to_play else ""}</h3><p class="supply">{panel.gold} gold, '
                     f'{panel.keys} {english.plural(panel.keys, "key")}{waiting}</p><div class="grid"{size}>')
        cells = {(cell.col, cell.row): cell for cell in panel.cells}
        for r in range(rows):
            for c in range(columns):
                cell = cells.get((c, r))
                at = f' data-at="{left + c},{top + r}"' if window is not None and seat == spot_seat else ""
                if cell is None or cell.card is None:
                    parts.append(f'<div class="slot"{at}></div>')
                    continue
                kind = "d" if cell.face_down else ("o" if cell.key and cell.card.lock else "t")
                label = ("face-down " if cell.face_down else "") + cell.card.name
                parts.append(f'<div class="slot filled"{at}>'
                             f"{_card(kind, cell.card, ids, cell.changed, pictures.badges(cell), label)}</div>")
        parts.append("</div></div>")
    parts.append("</div>")
    if state.is_over:
        parts.append(_scores(state, seats))
    parts.append("</section>")
    return "".join(parts)


def card_symbols(cards: Sequence[pictures.CardLike], shown: Iterable[int], kept: Iterable[int]) -> str:
    """A hidden ``<svg>`` of the symbols :func:`table_section` uses.

    Each card index in ``shown`` (seen in a row) gets its full face; each in
    ``kept`` (placed in a tableau) its face as it matters there, its back,
    and, for a lock card, its face with the lock opened.
    """
    symbols = [_symbol("c", i, pictures.card_body(cards[i])) for i in sorted(set(shown))]
    for i in sorted(set(kept)):
        card = cards[i]
        symbols += [_symbol("t", i, pictures.card_body(card, in_tableau=True)),
                    _symbol("d", i, pictures.face_down_body(card.name, in_tableau=True))]
        if card.lock:
            symbols.append(_symbol("o", i, pictures.card_body(card, in_tableau=True, opened=True)))
    return ('<svg xmlns="http://www.w3.org/2000/svg" style="display:none" aria-hidden="true" '
            f'font-family="DejaVu Sans, Verdana, sans-serif">{"".join(symbols)}</svg>')


def _scores(state: GameState, seats: Sequence[Seat]) -> str:
    """The end: who won, the table of totals, and each seat's score sheet under its name."""
    result = state.result()
    rows = "".join(
        f"<tr><td>{escape(seats[seat].name)}{' (winner)' if seat in result.winners else ''}</td><td>{sheet.total}</td>"
        f"<td>{sheet.keys}</td><td>{sheet.gold_left}</td></tr>"
        for seat, sheet in enumerate(result.scores)
    )
    table = ('<table class="scores"><tr><th>player</th><th>score</th><th>keys</th><th>gold left</th></tr>'
             f"{rows}</table>")
    sheets = "".join(
        sheet.picture(seats[seat].name + (" (winner)" if seat in result.winners else ""))
        for seat, sheet in enumerate(result.scores)
    )
    return f'<div class="end">{table}{sheets}</div>'


def replay_page(final: GameState, names: Sequence[str] | None = None, title: str = "Castle Combo",
                seats: Sequence[Seat] | None = None) -> str:
    """The whole page for the game that led to ``final`` (see the module docstring).

    ``seats`` (a record's, :func:`castle_combo.records.serialize.record_seats`)
    names the players and their bots; ``names`` is the shorter way to name
    them only; without either the seats are numbered.
    """
    if seats is None:
        seats = [Seat(name) for name in seat_names(len(final.players), names)]
    states = states_of(final)
    cards = final.rules.cards
    ids = {card.name: i for i, card in enumerate(cards)}
    shown: set[int] = set()
    kept: set[int] = set()
    for state in states:
        for loc in state.locations:
            shown.update(loc.row)
        for player in state.players:
            kept.update(c.card for c in player.tableau)
    corners = grid_corners(final)  # the final grids: cards never move from step to step
    where = grid_place(corners)
    who = [seat.name for seat in seats]
    sections = [table_section(states[0], seats, ids, said="The cards are dealt.", corners=corners)]
    for i, action in enumerate(final.history, start=1):
        said = narrate(states[i - 1], action, states[i], who, where)
        if states[i].is_over:
            said += ". The game is over: each player's leftover gold fills their purse cards, and the cards score."
        sections.append(table_section(states[i], seats, ids, said=f"{i}. {said}", index=i, corners=corners,
                                      before=states[i - 1]))
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{escape(title)}</title>"
        f"<style>{_PAGE_STYLE}{_TABLE_STYLE}</style></head><body>"
        f'<header><h1>{escape(title)}</h1><button id="first" title="first step (Home)">first</button>'
        '<button id="prev" title="previous step (left arrow)">&#x25C0;</button>'
        '<button id="next" title="next step (right arrow)">&#x25B6;</button>'
        '<button id="last" title="last step (End)">last</button><span class="where" id="where"></span></header>'
        f"{card_symbols(cards, shown, kept)}<main>{''.join(sections)}</main>"
        f"<script>{_SCRIPT}</script></body></html>\n"
    )
