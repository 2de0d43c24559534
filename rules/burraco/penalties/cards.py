"""Wrong melds pointed out by the partner, exposed, excess and phantom cards.

F.I.Bur. Codice di Gara, April 2024 edition:

- Art. 21: a wrong or incomplete meld pointed out by the partner before the
  discard cannot be fixed: its excess cards become penalized, unless the
  rest still forms a valid meld, and the pair is warned; wrongly attached
  cards pointed out so become penalized.
- Art. 24: exposed cards must be played in the offender's go, never on
  melds the partner opened or changed; otherwise they become penalized and
  are discarded at the end of the plays. Drawing the partner's attention to
  them stops play and they are discarded.
- Art. 25: excess cards in a meld, by when they are found.
- Art. 26: the phantom card, five cases.
- Art. 27: cards attached to a frozen or wrong meld become penalized.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.burraco.articles import art
from rules.burraco.card import Card
from rules.burraco.errors import InconsistentFacts
from rules.burraco.penalties.penalty import (
    Caller,
    Disposal,
    Freeze,
    FreezeKind,
    Instruction,
    Noticed,
    Penalty,
    WarningTo,
    is_meld,
    require_within,
    with_standard_timing,
    without,
)

__all__ = [
    "AttachedToFrozen",
    "ExcessCards",
    "ExposedCards",
    "PartnerPointsOutError",
    "PhantomCard",
    "PhantomCase",
    "rule_attached_to_frozen",
    "rule_excess_cards",
    "rule_exposed_cards",
    "rule_partner_points_out_error",
    "rule_phantom_card",
]


@dataclass(frozen=True, slots=True)
class PartnerPointsOutError:
    """The partner pointed out a wrong meld or attachment before the discard.

    ``cards`` are the meld's (or the attachment's) cards, ``excess`` those
    that do not fit it.
    """

    cards: tuple[Card, ...]
    excess: tuple[Card, ...]
    attachment: bool = False


def rule_partner_points_out_error(facts: PartnerPointsOutError) -> Penalty:
    """Return Art. 21's penalty: no fixing, penalized cards, warning, play stops."""
    require_within(facts.excess, facts.cards, "excess cards")
    if facts.attachment:
        penalized = facts.cards
    else:
        rest = without(facts.cards, facts.excess)
        # The excess is penalized; if what remains is no meld, all of it is.
        penalized = facts.excess if is_meld(rest) else facts.cards
    return Penalty(
        law=art(21),
        summary="error pointed out by the partner before the discard: no fixing",
        also=(art(25),),
        warning=WarningTo.OFFENDING_SIDE,
        interrupt=True,
        can_fix=False,
        penalized=penalized,
        disposal=Disposal.BY_RULE,
    )


@dataclass(frozen=True, slots=True)
class ExposedCards:
    """Cards the partner could see, or named aloud (Art. 24; Definizioni).

    ``not_played`` could not or would not be played in the go;
    ``on_partners_melds`` were added to melds the partner opened or changed;
    ``attention_drawn`` when the partner's attention was clearly drawn to
    them, or the partner was told how to play them.
    """

    cards: tuple[Card, ...]
    not_played: tuple[Card, ...] = ()
    on_partners_melds: tuple[Card, ...] = ()
    attention_drawn: bool = False
    noticed: Noticed = Noticed.DURING_GO
    called_by: Caller = Caller.OPPONENT


def rule_exposed_cards(facts: ExposedCards) -> Penalty:
    """Return Art. 24's penalty for exposed cards."""
    require_within(facts.not_played, facts.cards, "unplayed cards")
    require_within(facts.on_partners_melds, facts.cards, "cards on partner's melds")
    if facts.attention_drawn:
        penalty = Penalty(
            law=art(24),
            summary="attention drawn to exposed cards: play stops, they are discarded",
            interrupt=True,
            exposed=facts.cards,
            penalized=facts.cards,
            disposal=Disposal.END_OF_GO,
        )
    else:
        penalty = Penalty(
            law=art(24),
            summary="exposed cards: play them in this go, or they are penalized",
            also=(art(25),) if facts.not_played or facts.on_partners_melds else (),
            now=Instruction.PLAY_EXPOSED,
            exposed=facts.cards,
            penalized=facts.not_played + facts.on_partners_melds,
            disposal=Disposal.END_OF_GO,
        )
    return with_standard_timing(
        penalty, noticed=facts.noticed, called_by=facts.called_by
    )


@dataclass(frozen=True, slots=True)
class ExcessCards:
    """Cards that do not fit the meld they were put in (Art. 25; Definizioni).

    Also a third identical card in a combination (Art. 5).
    """

    cards: tuple[Card, ...]
    noticed: Noticed


def rule_excess_cards(facts: ExcessCards) -> Penalty:
    """Return Art. 25's penalty for excess cards, by when they were found.

    At once: play stops, they are discarded by rule. After the discard and
    before the next opponent's draw: they serve as the offender's discards
    in later goes. Later: the meld freezes for good and only the excess
    cards count against the line. This is a rectification: it never lapses.
    """
    if not facts.cards:
        raise InconsistentFacts("excess cards need at least one card")
    if facts.noticed is Noticed.DURING_GO:
        return Penalty(
            law=art(25),
            summary="excess cards found at once: play stops, discarded by rule",
            interrupt=True,
            penalized=facts.cards,
            disposal=Disposal.BY_RULE,
        )
    if facts.noticed is Noticed.AFTER_DISCARD:
        return Penalty(
            law=art(25),
            summary="excess cards found after the discard: the offender's next discards",
            penalized=facts.cards,
            disposal=Disposal.LATER_DISCARDS,
        )
    return Penalty(
        law=art(25),
        summary="excess cards found later: meld frozen for good, they count negative",
        freeze=Freeze(FreezeKind.DEFINITIVE, "the meld holding the excess cards"),
        negative=facts.cards,
    )


class PhantomCase(StrEnum):
    """The five cases of the phantom card (carta fantasma, Art. 26)."""

    OWN_GO_BEFORE_DISCARD = "own_go_before_discard"
    """1: found in an opened meld in one's own go, before the discard."""
    OWN_GO_AFTER_DISCARD = "own_go_after_discard"
    """2: the same, after the discard and before the opponent's draw."""
    PRE_EXISTING_MELD = "pre_existing_meld"
    """3: found in a meld already on the table."""
    REVEALED_BY_ADDITION = "revealed_by_addition"
    """4: revealed because cards were added to the meld."""
    WITH_DISCARD = "with_discard"
    """5: stuck under a discard."""


@dataclass(frozen=True, slots=True)
class PhantomCard:
    """A card found by accident in a meld or under a discard (Art. 26).

    ``fits`` when the card is compatible with the meld it was found in;
    ``added`` are the cards whose addition revealed it (case 4).
    """

    case: PhantomCase
    card: Card
    fits: bool = False
    added: tuple[Card, ...] = ()


def rule_phantom_card(facts: PhantomCard) -> Penalty:
    """Return Art. 26's penalty for a phantom card."""
    if facts.added and facts.case is not PhantomCase.REVEALED_BY_ADDITION:
        raise InconsistentFacts("added cards belong to case 4 only")
    if facts.case is PhantomCase.WITH_DISCARD:
        return Penalty(
            law=art(26),
            summary="card under the discard: exposed; played or discarded next go",
            also=(art(24),),
            exposed=(facts.card,),
        )
    if facts.fits and facts.case is not PhantomCase.REVEALED_BY_ADDITION:
        return Penalty(law=art(26), summary="the card fits its meld: it stays")
    if facts.case is PhantomCase.PRE_EXISTING_MELD:
        return Penalty(
            law=art(26),
            summary="phantom in an existing meld: penalized; meld frozen for good, "
            "its points and burraco stay positive",
            also=(art(25),),
            freeze=Freeze(FreezeKind.DEFINITIVE, "the meld that held it"),
            penalized=(facts.card,),
            disposal=Disposal.END_OF_GO,
        )
    if facts.case is PhantomCase.REVEALED_BY_ADDITION:
        if not facts.added:
            raise InconsistentFacts("case 4 needs the cards whose addition revealed it")
        return Penalty(
            law=art(26),
            summary="phantom revealed by added cards: they stay and count negative; "
            "meld frozen for good",
            freeze=Freeze(FreezeKind.DEFINITIVE, "the meld that held it"),
            negative=facts.added,
            penalized=(facts.card,),
            disposal=Disposal.END_OF_GO,
        )
    # Cases 1 and 2 treat the card as a penalized card found at once, or
    # after the discard, as Art. 25 does.
    before_discard = facts.case is PhantomCase.OWN_GO_BEFORE_DISCARD
    return Penalty(
        law=art(26),
        summary="phantom card not fitting its meld: penalized",
        also=(art(25),),
        penalized=(facts.card,),
        disposal=Disposal.BY_RULE if before_discard else Disposal.LATER_DISCARDS,
    )


@dataclass(frozen=True, slots=True)
class AttachedToFrozen:
    """Cards attached to a frozen meld (temporarily or for good) or a wrong one."""

    cards: tuple[Card, ...]
    noticed: Noticed = Noticed.DURING_GO
    called_by: Caller = Caller.OPPONENT


def rule_attached_to_frozen(facts: AttachedToFrozen) -> Penalty:
    """Return Art. 27's penalty: the attached cards become penalized."""
    penalty = Penalty(
        law=art(27),
        summary="cards attached to a frozen or wrong meld: penalized",
        also=(art(25),),
        penalized=facts.cards,
    )
    return with_standard_timing(
        penalty, noticed=facts.noticed, called_by=facts.called_by
    )
