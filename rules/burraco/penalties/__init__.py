"""Irregularities and penalties: the director records the facts, the engine rules.

F.I.Bur. Codice di Gara, April 2024 edition, Arts. 21-37 and the provisions
outside them (Arts. 2, 4, 5, 7, 8, 9, 19; Norme comportamentali; the tables
with screens). ``penalty_for(facts)`` returns the ``Penalty`` with its
article. Lateness (Art. 39) is in ``rules.burraco.lateness``; the 800-MP
rule and the awarded results are in ``scoring.burraco.awards``.
"""

from __future__ import annotations

from rules.burraco.penalties.cards import (
    AttachedToFrozen,
    ExcessCards,
    ExposedCards,
    PartnerPointsOutError,
    PhantomCard,
    PhantomCase,
    rule_attached_to_frozen,
    rule_excess_cards,
    rule_exposed_cards,
    rule_partner_points_out_error,
    rule_phantom_card,
)
from rules.burraco.penalties.closing import ClosingAttempt, Finish, rule_closing
from rules.burraco.penalties.fixed import Infraction, Irregularity, rule_fixed
from rules.burraco.penalties.penalty import (
    Caller,
    Disposal,
    Freeze,
    FreezeKind,
    Instruction,
    Noticed,
    Penalty,
    WarningTo,
)
from rules.burraco.penalties.plays import (
    DrawSource,
    NoDrawBeforePlay,
    OutOfTurnDraw,
    OutOfTurnUse,
    PassedAttachment,
    PileCardsLeft,
    SinglePileCardDiscarded,
    ThrowLanding,
    ThrownAttachment,
    WrongMeld,
    WrongMeldKind,
    rule_no_draw_before_play,
    rule_out_of_turn_draw,
    rule_passed_attachment,
    rule_pile_cards_left,
    rule_single_pile_card_discarded,
    rule_thrown_attachment,
    rule_wrong_meld,
)
from rules.burraco.penalties.pozzo import (
    PozzoLookedAtEarly,
    PozzoRoute,
    SecondPozzoPlayed,
    WrongPlayWithPozzo,
    rule_pozzo_looked_at_early,
    rule_second_pozzo_played,
    rule_wrong_play_with_pozzo,
)

__all__ = [
    "AttachedToFrozen",
    "Caller",
    "ClosingAttempt",
    "Disposal",
    "DrawSource",
    "ExcessCards",
    "ExposedCards",
    "Facts",
    "Finish",
    "Freeze",
    "FreezeKind",
    "Infraction",
    "Instruction",
    "Irregularity",
    "NoDrawBeforePlay",
    "Noticed",
    "OutOfTurnDraw",
    "OutOfTurnUse",
    "PartnerPointsOutError",
    "PassedAttachment",
    "Penalty",
    "PhantomCard",
    "PhantomCase",
    "PileCardsLeft",
    "PozzoLookedAtEarly",
    "PozzoRoute",
    "SecondPozzoPlayed",
    "SinglePileCardDiscarded",
    "ThrowLanding",
    "ThrownAttachment",
    "WarningTo",
    "WrongMeld",
    "WrongMeldKind",
    "WrongPlayWithPozzo",
    "penalty_for",
]

Facts = (
    Irregularity
    | PartnerPointsOutError
    | ExposedCards
    | ExcessCards
    | PhantomCard
    | AttachedToFrozen
    | PileCardsLeft
    | SinglePileCardDiscarded
    | ThrownAttachment
    | PassedAttachment
    | WrongMeld
    | NoDrawBeforePlay
    | OutOfTurnDraw
    | PozzoLookedAtEarly
    | WrongPlayWithPozzo
    | SecondPozzoPlayed
    | ClosingAttempt
)
"""Everything the director can record about an irregularity."""


def penalty_for(facts: Facts) -> Penalty:
    """Return the penalty the Codice di Gara prescribes for the recorded facts."""
    if isinstance(facts, Irregularity):
        return rule_fixed(facts)
    if isinstance(facts, PartnerPointsOutError):
        return rule_partner_points_out_error(facts)
    if isinstance(facts, ExposedCards):
        return rule_exposed_cards(facts)
    if isinstance(facts, ExcessCards):
        return rule_excess_cards(facts)
    if isinstance(facts, PhantomCard):
        return rule_phantom_card(facts)
    if isinstance(facts, AttachedToFrozen):
        return rule_attached_to_frozen(facts)
    if isinstance(facts, PileCardsLeft):
        return rule_pile_cards_left(facts)
    if isinstance(facts, SinglePileCardDiscarded):
        return rule_single_pile_card_discarded(facts)
    if isinstance(facts, ThrownAttachment):
        return rule_thrown_attachment(facts)
    if isinstance(facts, PassedAttachment):
        return rule_passed_attachment(facts)
    if isinstance(facts, WrongMeld):
        return rule_wrong_meld(facts)
    if isinstance(facts, NoDrawBeforePlay):
        return rule_no_draw_before_play(facts)
    if isinstance(facts, OutOfTurnDraw):
        return rule_out_of_turn_draw(facts)
    if isinstance(facts, PozzoLookedAtEarly):
        return rule_pozzo_looked_at_early(facts)
    if isinstance(facts, WrongPlayWithPozzo):
        return rule_wrong_play_with_pozzo(facts)
    if isinstance(facts, SecondPozzoPlayed):
        return rule_second_pozzo_played(facts)
    return rule_closing(facts)
