"""The card model: what a card *is*, as plain frozen data, cut into parts that compose.

The card language (:mod:`castle_combo.language`) parses ``.ccl`` text into
these objects; the engine (:mod:`castle_combo.engine`) compiles them into
fast evaluators once per ruleset. Nothing here knows about game states: the
model is the contract between the two. The parts, each in its own module:

* **filters** (:mod:`~castle_combo.language.model.filters`): *which* cards,
  by deck, shields, cost, parts, place, face; combined with "and", "or", "not";
* **counts** (:mod:`~castle_combo.language.model.counts`): *what* is counted
  (cards, shields, shield types, sets, costs, stored gold, keys, gold, empty
  spaces) and *where* (:class:`Scope`); a :class:`Per` joins the two;
* **conditions and quantifiers** (:mod:`~castle_combo.language.model.conditions`):
  comparisons of counts, with numbers, with other counts and with other
  players; rows or pairs of cards and players that meet a condition;
* **effects** (:mod:`~castle_combo.language.model.effects`): what an ability
  does at its :class:`Moment`;
* **scoring rules** (:mod:`~castle_combo.language.model.scoring`);
* the **card** (:mod:`~castle_combo.language.model.card`).

Every part says itself in the card language (``ccl``) and in English
(``describe``, as Ludii's rule nodes do), and lists what makes no sense
about it where it is used (``problems``). Every node carries an optional
:class:`Source` (file, line, column) that equality ignores, so a card parsed
from a file equals the same card built in Python or parsed from its
canonical ``.ccl`` text. The names of version 0.1 (``ShieldsOf``,
``Banners``, ``OpponentsGain``, ...) are shorthands that build the same nodes
(:mod:`~castle_combo.language.model.shorthands`).
"""

from __future__ import annotations

from castle_combo.language.model.base import (
    FACE_DOWN_NAME,
    MAX_AMOUNT,
    MAX_COST,
    MAX_PURSE,
    MAX_SHIELDS,
    NAMED_REGIONS,
    NOT_LANGUAGES,
    Comparison,
    Deck,
    Moment,
    Problem,
    Resource,
    Shield,
    Source,
    Where,
)
from castle_combo.language.model.card import Abilities, Card, walk
from castle_combo.language.model.conditions import (
    Alike,
    And,
    Compared,
    Condition,
    Count,
    CountIs,
    GroupKind,
    Groups,
    Not,
    Or,
    PlacedIn,
    PlayerGroup,
    Players,
    Quantifier,
)
from castle_combo.language.model.counts import (
    REFUSALS,
    BannerSets,
    CardCount,
    Cards,
    CostSum,
    Countable,
    DistinctCosts,
    EmptySpaces,
    Gold,
    GoldOnThisCard,
    IdenticalShieldSets,
    KeysOwned,
    Narrowable,
    Per,
    PlayerCount,
    Refusal,
    Scope,
    Shields,
    ShieldSets,
    ShieldTypes,
    StoredGold,
)
from castle_combo.language.model.effects import (
    Choice,
    Conditional,
    DiscardFromRow,
    DiscardWholeRow,
    Discount,
    EachPlayer,
    Effect,
    FillPurses,
    Gain,
    Give,
    Lose,
    MayDo,
    MoveMessenger,
    PlayerEffect,
    RowChoice,
    StoreGold,
    Take,
    TurnFaceUp,
    UseAdjacentAbility,
)
from castle_combo.language.model.filters import (
    AllOf,
    AnyOf,
    CardFilter,
    CostIs,
    CostVsThis,
    DeckIs,
    Excluding,
    FaceDown,
    FaceUp,
    FilterWords,
    HasPart,
    HasShield,
    HoldsGold,
    HoldsKey,
    InRegion,
    Near,
    Part,
    Region,
    Relation,
    Shares,
    ShieldCountIs,
    Trait,
    all_of,
    any_of,
    negated,
)
from castle_combo.language.model.refusals import Refusals
from castle_combo.language.model.scoring import ScoreAsAdjacent, ScoreIf, ScorePer, Scoring
from castle_combo.language.model.shorthands import (
    Banners,
    CardsByCost,
    CardsInTableau,
    CardsWithShieldCount,
    ComparedToNeighbours,
    DiscountCards,
    DistinctShieldTypes,
    FaceDownCards,
    GoldOnPurses,
    LockCards,
    MissingShieldTypes,
    OpponentsGain,
    PurseCards,
    ShieldsOf,
    TakeFromOpponents,
)

__all__ = [
    # the words
    "Source", "Problem", "Where", "Shield", "Deck", "Resource", "Comparison", "Moment",
    "FACE_DOWN_NAME", "NOT_LANGUAGES", "NAMED_REGIONS", "MAX_COST", "MAX_PURSE", "MAX_AMOUNT", "MAX_SHIELDS",
    # filters
    "CardFilter", "FaceDown", "FaceUp", "DeckIs", "HasShield", "ShieldCountIs", "CostIs", "CostVsThis", "HasPart",
    "Part", "HoldsGold", "HoldsKey", "Shares", "Trait", "Near", "Relation", "Region", "InRegion", "AllOf", "AnyOf",
    "Excluding", "FilterWords", "all_of", "any_of", "negated",
    # counts
    "Count", "CardCount", "PlayerCount", "Narrowable", "Countable", "Scope", "Per", "Cards", "Shields", "ShieldTypes",
    "ShieldSets", "IdenticalShieldSets", "BannerSets", "DistinctCosts", "CostSum", "StoredGold", "GoldOnThisCard",
    "KeysOwned", "Gold", "EmptySpaces", "REFUSALS", "Refusal", "Refusals",
    # conditions and quantifiers
    "Condition", "CountIs", "PlacedIn", "Compared", "Alike", "And", "Or", "Not", "Quantifier", "Groups", "GroupKind",
    "Players", "PlayerGroup",
    # effects
    "Effect", "PlayerEffect", "Gain", "Lose", "Take", "Give", "EachPlayer", "Discount", "DiscardFromRow", "StoreGold",
    "FillPurses",
    "DiscardWholeRow", "RowChoice", "UseAdjacentAbility", "MoveMessenger", "TurnFaceUp", "MayDo", "Choice",
    "Conditional",
    # scoring and the card
    "Scoring", "ScorePer", "ScoreIf", "ScoreAsAdjacent", "Card", "Abilities", "walk",
    # the names of version 0.1
    "ShieldsOf", "DistinctShieldTypes", "MissingShieldTypes", "Banners", "CardsWithShieldCount", "CardsByCost",
    "DiscountCards", "PurseCards", "LockCards", "CardsInTableau", "FaceDownCards", "GoldOnPurses", "OpponentsGain",
    "TakeFromOpponents", "ComparedToNeighbours",
]
