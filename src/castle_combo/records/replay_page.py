"""A finished (or unfinished) game as one self-contained HTML page that steps through it.

``castle-combo replay GAME.json --html OUT.html`` writes it. The page needs
no network: every card is drawn once as an inline SVG ``<symbol>`` (its face,
and its back for a face-down card) and each step of the game is a
``<section>`` that places those symbols, with the move that led to it told in
words (:func:`castle_combo.records.narration.narrate`). A little JavaScript shows one
step at a time: buttons, the arrow keys (Home and End too), and the address:
``OUT.html#N`` opens the page after N actions and the address follows the
steps. Each seat's panel carries ``data-seat``, ``data-gold`` and
``data-keys`` with that seat's values at that step, so a test (or a script)
can read the position without parsing pictures.

Only public facts are shown: the rows, the tableaux (face-down cards are
known to all, since they were taken from a face-up row), supplies, deck and
discard sizes; never a deck's order.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from castle_combo import pictures
from castle_combo.engine.actions import Action
from castle_combo.engine.state import GameState
from castle_combo.language import english
from castle_combo.records.narration import narrate, seat_names

__all__ = ["replay_page", "states_of"]

_STYLE = """
body{font-family:"DejaVu Sans",Verdana,sans-serif;margin:0;background:#f4f1ea;color:#1d1d1d}
header{position:sticky;top:0;background:#34508a;color:white;padding:8px 14px;display:flex;gap:10px;
 align-items:center;flex-wrap:wrap;z-index:2}
header h1{font-size:17px;margin:0 12px 0 0}
header button{font-size:15px;padding:3px 10px;border-radius:5px;border:1px solid #cbd5ea;background:#eef2fa;
 cursor:pointer}
header .where{font-size:14px;min-width:9em}
main{padding:10px 14px}
.step{display:none}.step.shown{display:block}
.said{font-size:16px;margin:4px 0 10px;min-height:1.3em}
.rows{display:flex;gap:26px;flex-wrap:wrap;margin-bottom:12px}
.row h2{font-size:13px;margin:0 0 4px}.row.messenger h2{color:#c8102e}
.row.messenger .cards{border-left:4px solid #c8102e;padding-left:6px}
.cards{display:flex;gap:6px}
svg.card{width:96px;height:134px;display:block}
.seats{display:flex;gap:14px;flex-wrap:wrap}
.seat{background:#fafafa;border:1px solid #bbb;border-radius:8px;padding:8px}
.seat.to-play{border:2px solid #1a73e8;background:#eef4fe}
.seat h3{font-size:15px;margin:0}.seat .supply{font-size:13px;margin:2px 0 6px;color:#444}
.grid{display:grid;grid-template-columns:repeat(3,96px);grid-template-rows:repeat(3,134px);gap:5px}
.slot{position:relative;border:1px dashed #c4c4c4;border-radius:6px}
.slot.filled{border:none}
.badge{position:absolute;bottom:4px;font-size:12px;font-weight:bold;border-radius:9px;padding:1px 6px}
.badge.gold{right:4px;background:#f2c230;color:#3a2c00}.badge.key{left:4px;background:#dfe6ee;color:#33404d}
.scores{margin-top:12px;border-collapse:collapse}.scores td,.scores th{border:1px solid #bbb;padding:3px 9px}
"""

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


def _symbol_id(card: int, face_down: bool) -> str:
    return f"{'d' if face_down else 'c'}{card}"


def _use(card: pictures.CardLike | None, face_down: bool, ids: dict[str, int], title: str = "") -> str:
    assert card is not None, "a game state always knows its cards"
    label = f"<title>{escape(title)}</title>" if title else ""
    return (f'<svg class="card" viewBox="0 0 {pictures.CARD_WIDTH} {pictures.CARD_HEIGHT}" role="img" '
            f'aria-label="{escape(("face-down " if face_down else "") + card.name)}">{label}'
            f'<use href="#{_symbol_id(ids[card.name], face_down)}"/></svg>')


def _step(state: GameState, index: int, said: str, names: Sequence[str], ids: dict[str, int]) -> str:
    picture = state.picture(tuple(names))
    parts = [f'<section class="step" id="step-{index}" data-step="{index}">', f'<p class="said">{escape(said)}</p>',
             '<div class="rows">']
    for k, (deck, cards) in enumerate((("castle", picture.castle), ("village", picture.village))):
        here = picture.messenger == deck
        parts.append(f'<div class="row{" messenger" if here else ""}"><h2>{deck.capitalize()} row'
                     f'{" (messenger)" if here else ""}: deck {picture.decks[k]}, discard {picture.discards[k]}</h2>'
                     '<div class="cards">')
        parts += [_use(card, False, ids) for card in cards]
        parts.append("</div></div>")
    parts.append('</div><div class="seats">')
    for seat, panel in enumerate(picture.seats):
        waiting = f" (+{panel.keys_on_cards} on locks)" if panel.keys_on_cards else ""
        parts.append(f'<div class="seat{" to-play" if panel.to_play else ""}" data-seat="{seat}" '
                     f'data-gold="{panel.gold}" data-keys="{panel.keys}"><h3>{escape(panel.name)}'
                     f'{" - to play" if panel.to_play else ""}</h3><p class="supply">{panel.gold} gold, '
                     f'{panel.keys} {english.plural(panel.keys, "key")}{waiting}</p><div class="grid">')
        cells = {(cell.col, cell.row): cell for cell in panel.cells}
        for r in range(3):
            for c in range(3):
                cell = cells.get((c, r))
                if cell is None:
                    parts.append('<div class="slot"></div>')
                    continue
                badges = f'<span class="badge gold">{cell.gold}g</span>' if cell.gold else ""
                badges += '<span class="badge key">key</span>' if cell.key else ""
                parts.append(f'<div class="slot filled">{_use(cell.card, cell.face_down, ids)}{badges}</div>')
        parts.append("</div></div>")
    parts.append("</div>")
    if state.is_over:
        parts.append(_scores(state, names))
    parts.append("</section>")
    return "".join(parts)


def _scores(state: GameState, names: Sequence[str]) -> str:
    result = state.result()
    rows = "".join(
        f"<tr><td>{escape(names[seat])}{' (winner)' if seat in result.winners else ''}</td><td>{sheet.total}</td>"
        f"<td>{sheet.keys}</td><td>{sheet.gold_left}</td></tr>"
        for seat, sheet in enumerate(result.scores)
    )
    return ('<table class="scores"><tr><th>player</th><th>score</th><th>keys</th><th>gold left</th></tr>'
            f"{rows}</table>")


def replay_page(final: GameState, names: Sequence[str] | None = None, title: str = "Castle Combo") -> str:
    """The whole page for the game that led to ``final`` (see the module docstring)."""
    states = states_of(final)
    who = seat_names(len(final.players), names)
    history: Sequence[Action] = final.history
    cards = final.rules.cards
    ids = {card.name: i for i, card in enumerate(cards)}
    used: set[int] = set()
    for state in states:
        for loc in state.locations:
            used.update(loc.row)
        for player in state.players:
            used.update(c.card for c in player.tableau)
    symbols = []
    for card_id in sorted(used):
        card = cards[card_id]
        symbols.append(f'<symbol id="{_symbol_id(card_id, False)}" viewBox="0 0 {pictures.CARD_WIDTH} '
                       f'{pictures.CARD_HEIGHT}">{pictures.card_body(card)}</symbol>')
        symbols.append(f'<symbol id="{_symbol_id(card_id, True)}" viewBox="0 0 {pictures.CARD_WIDTH} '
                       f'{pictures.CARD_HEIGHT}">{pictures.face_down_body(card.name)}</symbol>')
    sections = [_step(states[0], 0, "The cards are dealt.", who, ids)]
    for i, action in enumerate(history, start=1):
        said = narrate(states[i - 1], action, states[i], who)
        sections.append(_step(states[i], i, f"{i}. {said}", who, ids))
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{escape(title)}</title>"
        f"<style>{_STYLE}</style></head><body>"
        f'<header><h1>{escape(title)}</h1><button id="first" title="first step (Home)">first</button>'
        '<button id="prev" title="previous step (left arrow)">&#x25C0;</button>'
        '<button id="next" title="next step (right arrow)">&#x25B6;</button>'
        '<button id="last" title="last step (End)">last</button><span class="where" id="where"></span></header>'
        '<svg xmlns="http://www.w3.org/2000/svg" style="display:none" aria-hidden="true" '
        'font-family="DejaVu Sans, Verdana, sans-serif">'
        f"{''.join(symbols)}</svg><main>{''.join(sections)}</main>"
        f"<script>{_SCRIPT}</script></body></html>\n"
    )

