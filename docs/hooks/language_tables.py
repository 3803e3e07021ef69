"""MkDocs hook: the card-language page's "what goes with what" tables come from the rules themselves.

Every combination the card language refuses is one rule of one table of the
language model, ``castle_combo.language.model.REFUSALS``, which validation
reads; which effect may sit in a trigger is decided by ``asks``. In
``docs/card-language.md`` the marker ``<!-- castle-combo:refusals -->``
becomes a table of every refusal (what, where, why, and the fix) and
``<!-- castle-combo:triggers -->`` a table of example effects and whether a
trigger may hold them, so the page can never say something the validator
does not do.
"""

from __future__ import annotations

from typing import Any

from mkdocs.exceptions import PluginError

REFUSALS_MARKER = "<!-- castle-combo:refusals -->"
TRIGGERS_MARKER = "<!-- castle-combo:triggers -->"

#: Effects shown in the triggers table, one per kind of effect (and the forms of a kind that differ).
TRIGGER_EXAMPLES = (
    "gain 1 gold per faith shield",
    "lose 1 key",
    "each opponent gains 1 gold",
    "take 1 gold from each opponent",
    "give 1 gold to your left neighbour",
    "discount 1 on castle cards",
    "put 1 gold on each purse",
    "fill 2 purses",
    "move up to 2 gold from a neighbour's purse card to one of your purse cards",
    "move the messenger",
    "discard the castle row",
    "discard the top 3 cards of the village deck",
    "look at the top 3 cards of the castle deck and put them back in any order",
    "put the top card of the village discard pile on top of the village deck",
    "turn every face-down card face up",
    "gain 2 gold if no purse card",
    "discard a row",
    "discard a card from the village row for its cost in gold",
    "reserve a card from either row",
    "put a card from either discard pile on top of its deck",
    "use the ability of an adjacent card",
    "turn a face-down card face up",
    "turn every face-down card face up and use its ability",
    "choose one: { gain 2 gold } or { gain 1 key }",
    "you may pay 1 gold to gain 2 keys",
    "swap two cards of your tableau",
    "repeat up to 3 times: { gain 1 gold } until at least 8 gold",
    "repeat up to 3 times, you may stop after each: { discard the top card of the castle deck }",
)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def refusals_table() -> str:
    """Every rule of ``REFUSALS`` as a Markdown table row, in the order the parts add them (and validation checks)."""
    from castle_combo.language.model import REFUSALS

    rows = ["| what | where | why | fix |", "| --- | --- | --- | --- |"]
    for rule in REFUSALS:
        rows.append(f"| {_cell(rule.part)} | {_cell(rule.place)} | {_cell(rule.shown)} | "
                    f"{_cell(rule.hint.format(**rule.example))} |")
    return "\n".join(rows)


def triggers_table() -> str:
    """Each example effect with whether it asks a question, and so whether a trigger may hold it."""
    from castle_combo.language import parse_text
    from castle_combo.language.model.effects import asks

    rows = ["| effect | asks a question | in a trigger |", "| --- | --- | --- |"]
    for text in TRIGGER_EXAMPLES:
        (card,) = parse_text(f'card "Example" {{ deck castle cost 3 shields faith when bought: {text} }}')
        (effect,) = card.ability
        asked = asks(effect)
        rows.append(f"| `{text}` | {'yes' if asked else 'no'} | {'no' if asked else 'yes'} |")
    return "\n".join(rows)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Replace the two markers of the card-language page with their generated tables."""
    if page.file.src_uri != "card-language.md":
        return markdown
    for marker in (REFUSALS_MARKER, TRIGGERS_MARKER):
        if marker not in markdown:
            raise PluginError(f"docs/card-language.md lost its marker {marker}; put it back where the table goes")
    return markdown.replace(REFUSALS_MARKER, refusals_table()).replace(TRIGGERS_MARKER, triggers_table())
