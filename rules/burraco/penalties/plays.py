"""Irregular plays: the discard pile, throwing and passing, wrong melds,
playing without drawing, drawing or picking up out of turn.

F.I.Bur. Codice di Gara, April 2024 edition, Arts. 9, 28, 29, 30 and 31.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.burraco.articles import art
from rules.burraco.card import Card, draw_key
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
    "DrawSource",
    "NoDrawBeforePlay",
    "OutOfTurnDraw",
    "OutOfTurnUse",
    "PassedAttachment",
    "PileCardsLeft",
    "SinglePileCardDiscarded",
    "ThrowLanding",
    "ThrownAttachment",
    "WrongMeld",
    "WrongMeldKind",
    "rule_no_draw_before_play",
    "rule_out_of_turn_draw",
    "rule_passed_attachment",
    "rule_pile_cards_left",
    "rule_single_pile_card_discarded",
    "rule_thrown_attachment",
    "rule_wrong_meld",
]

_W = WarningTo.OFFENDING_SIDE


@dataclass(frozen=True, slots=True)
class PileCardsLeft:
    """Cards left behind when picking up the discard pile (Art. 9)."""

    cards: tuple[Card, ...]


def rule_pile_cards_left(facts: PileCardsLeft) -> Penalty:
    """Return Art. 9's ruling: the card left (or the highest-ranked) is the discard.

    One card left is the discard. More than one: the highest-ranked (Art. 1)
    is the discard, the others go back into hand, and the only penalty is
    no further activity.
    """
    if not facts.cards:
        raise InconsistentFacts("no card was left behind")
    discard = max(facts.cards, key=draw_key)
    if len(facts.cards) == 1:
        return Penalty(
            law=art(9), summary="the card left is the discard", discard=discard
        )
    return Penalty(
        law=art(9),
        summary="the highest-ranked card left is the discard, the others go to hand",
        interrupt=True,
        discard=discard,
    )


@dataclass(frozen=True, slots=True)
class SinglePileCardDiscarded:
    """The only card of the pile picked up and discarded at once (Art. 9).

    ``identical_shown`` when the player showed, at the opponent's request,
    an identical card; ``last_play`` are the cards of the last play left if
    one of them must serve as the discard; ``penalized`` when the card had
    been misplayed and become penalized.
    """

    card: Card
    identical_shown: bool = False
    last_play: tuple[Card, ...] = ()
    penalized: bool = False


def rule_single_pile_card_discarded(facts: SinglePileCardDiscarded) -> Penalty:
    """Return Art. 9's ruling on discarding at once the single card picked up."""
    if facts.identical_shown:
        return Penalty(law=art(9), summary="an identical card was shown: allowed")
    if facts.penalized:
        return Penalty(
            law=art(9),
            summary="the single card picked up, penalized, is discarded next go",
            also=(art(25),),
            penalized=(facts.card,),
            disposal=Disposal.LATER_DISCARDS,
        )
    exposed = () if is_meld(facts.last_play) else facts.last_play
    return Penalty(
        law=art(9),
        summary="take the card back and discard another (from the last play if "
        "needed); what is left of it, if no meld, is exposed",
        also=(art(24),) if exposed else (),
        exposed=exposed,
        now=Instruction.DISCARD,
    )


class ThrowLanding(StrEnum):
    """Where cards thrown to attach ended up (Art. 28)."""

    AS_DECLARED = "as_declared"
    """Declared, and on the meld declared."""
    APART = "apart"
    """No clear declaration, touching no meld: valid, but the meld freezes."""
    DOUBTFUL = "doubtful"
    """Touching two melds, or none, with real doubt: the opponent on turn decides."""
    UNFIT = "unfit"
    """On a meld that cannot take them: penalized, discarded by rule."""


@dataclass(frozen=True, slots=True)
class ThrownAttachment:
    """Cards thrown to attach them to a meld (Art. 28)."""

    cards: tuple[Card, ...]
    landing: ThrowLanding
    noticed: Noticed = Noticed.DURING_GO
    called_by: Caller = Caller.OPPONENT


def rule_thrown_attachment(facts: ThrownAttachment) -> Penalty:
    """Return Art. 28's penalty: play stops, warning, and where the cards go."""
    base = Penalty(
        law=art(28),
        summary="cards thrown to attach: play stops",
        warning=_W,
        interrupt=True,
    )
    landing = facts.landing
    if landing is ThrowLanding.APART:
        penalty = Penalty(
            law=art(28),
            summary="cards thrown apart, undeclared: valid, the meld freezes",
            warning=_W,
            interrupt=True,
            freeze=Freeze(FreezeKind.TEMPORARY, "the meld concerned"),
        )
    elif landing is ThrowLanding.DOUBTFUL:
        penalty = Penalty(
            law=art(28),
            summary="cards thrown in doubt: the opponent on turn places them",
            warning=_W,
            interrupt=True,
        )
    elif landing is ThrowLanding.UNFIT:
        penalty = Penalty(
            law=art(28),
            summary="cards thrown on a meld that cannot take them: penalized",
            also=(art(25),),
            warning=_W,
            interrupt=True,
            penalized=facts.cards,
            disposal=Disposal.BY_RULE,
        )
    else:
        penalty = base
    return with_standard_timing(
        penalty, noticed=facts.noticed, called_by=facts.called_by
    )


@dataclass(frozen=True, slots=True)
class PassedAttachment:
    """Cards passed to the partner to attach them (Art. 28).

    Without a clear declaration the opponent on turn places them on other
    melds, or on the only one that can take them; ``unplaceable`` are the
    cards that fit nowhere.
    """

    cards: tuple[Card, ...]
    declared: bool = False
    unplaceable: tuple[Card, ...] = ()
    noticed: Noticed = Noticed.DURING_GO
    called_by: Caller = Caller.OPPONENT


def rule_passed_attachment(facts: PassedAttachment) -> Penalty:
    """Return Art. 28's penalty for cards passed to the partner to attach."""
    require_within(facts.unplaceable, facts.cards, "unplaceable cards")
    if facts.declared:
        summary = "cards passed to the partner, declared: placed as declared"
    else:
        summary = (
            "cards passed to the partner undeclared: the opponent on turn places them"
        )
    penalty = Penalty(
        law=art(28),
        summary=summary,
        also=(art(25),) if facts.unplaceable else (),
        warning=_W,
        interrupt=True,
        penalized=facts.unplaceable,
        disposal=Disposal.BY_RULE if facts.unplaceable else None,
    )
    return with_standard_timing(
        penalty, noticed=facts.noticed, called_by=facts.called_by
    )


class WrongMeldKind(StrEnum):
    """The wrong melds of Art. 29."""

    ABANDONED_OPENING = "abandoned_opening"
    """One or two cards put down to open a meld the player cannot or will not complete."""
    WRONG_OPENING = "wrong_opening"
    """A sequence or combination opened wrongly."""
    WRONG_ATTACHMENT = "wrong_attachment"
    """Cards attached to an existing meld wrongly."""


@dataclass(frozen=True, slots=True)
class WrongMeld:
    """A wrong meld (Art. 29): ``cards`` laid, ``excess`` left after the fix."""

    kind: WrongMeldKind
    cards: tuple[Card, ...]
    excess: tuple[Card, ...] = ()
    noticed: Noticed = Noticed.DURING_GO
    called_by: Caller = Caller.OPPONENT


def rule_wrong_meld(facts: WrongMeld) -> Penalty:
    """Return Art. 29's ruling; the error ends the player's activity, no warning.

    A wrong opening without a wild may be fixed by replacing one or two
    cards; with a wild, with only one of the player's cards; excess cards
    are penalized and discarded by rule.
    """
    if facts.kind is WrongMeldKind.ABANDONED_OPENING:
        if not 1 <= len(facts.cards) <= 2:
            raise InconsistentFacts("an abandoned opening is one or two cards")
        penalty = Penalty(
            law=art(29),
            summary="opening not completed: the cards are penalized",
            also=(art(25),),
            penalized=facts.cards,
            disposal=Disposal.BY_RULE,
        )
    else:
        require_within(facts.excess, facts.cards, "excess cards")
        with_wild = any(card.is_wild for card in facts.cards)
        if facts.kind is WrongMeldKind.WRONG_ATTACHMENT:
            fix = "fix with the missing cards or a wild"
        elif with_wild:
            fix = "fix with one card of the player's own"
        else:
            fix = "fix by replacing one or two cards"
        penalty = Penalty(
            law=art(29),
            summary=f"wrong meld: {fix}; excess penalized; activity ends",
            also=(art(25),) if facts.excess else (),
            interrupt=True,
            penalized=facts.excess,
            disposal=Disposal.BY_RULE if facts.excess else None,
        )
    return with_standard_timing(
        penalty, noticed=facts.noticed, called_by=facts.called_by
    )


@dataclass(frozen=True, slots=True)
class NoDrawBeforePlay:
    """Melds opened or cards attached without drawing or picking up (Art. 30).

    ``not_completed`` are the cards of an opened meld left incomplete that
    the player cannot complete.
    """

    opened: tuple[Card, ...] = ()
    attached: tuple[Card, ...] = ()
    not_completed: tuple[Card, ...] = ()
    noticed: Noticed = Noticed.DURING_GO
    called_by: Caller = Caller.OPPONENT


def rule_no_draw_before_play(facts: NoDrawBeforePlay) -> Penalty:
    """Return Art. 30's penalty for playing before drawing or picking up.

    Play stops; the offender draws or picks up and discards. Opened melds
    freeze until the next go; attached cards freeze their meld. If the
    partner or an opponent closes meanwhile, the opened melds and the
    attached cards count negative (the rest of the meld and any burraco
    already there keep their value). Pointed out by the partner: a hint,
    so a warning (Art. 22).
    """
    if not facts.opened and not facts.attached:
        raise InconsistentFacts("record the cards opened or attached")
    require_within(facts.not_completed, facts.opened, "cards not completed")
    by_partner = facts.called_by is Caller.PARTNER
    # Caught in the go, play stops there; after the discard only the freeze
    # and the counting remain to apply.
    in_go = facts.noticed is Noticed.DURING_GO
    penalty = Penalty(
        law=art(30),
        summary="played without drawing: draw or pick up and discard; melds frozen",
        also=(art(22),) if by_partner else (),
        warning=_W if by_partner else None,
        interrupt=in_go,
        now=Instruction.DRAW_OR_PICK_UP_AND_DISCARD if in_go else None,
        freeze=Freeze(FreezeKind.TEMPORARY, "the melds opened or attached to"),
        penalized=facts.not_completed,
        disposal=Disposal.BY_RULE if facts.not_completed else None,
        negative_if_closing=without(facts.opened, facts.not_completed) + facts.attached,
    )
    return with_standard_timing(
        penalty, noticed=facts.noticed, called_by=facts.called_by
    )


class DrawSource(StrEnum):
    """Where the out-of-turn card came from (Art. 31)."""

    STOCK = "stock"
    PILE = "pile"


class OutOfTurnUse(StrEnum):
    """What the offender did with the out-of-turn card (Art. 31)."""

    NONE = "none"
    OPENED = "opened"
    ATTACHED = "attached"


@dataclass(frozen=True, slots=True)
class OutOfTurnDraw:
    """A draw or pick-up out of turn, even before play starts (Art. 31).

    ``unreplaced`` are the cards that lose their validity because the
    offender cannot replace the returned card(s) from hand (they become
    penalized); ``pozzo_in_diretta`` when it happened while a player was
    about to play a pozzo taken in diretta.
    """

    source: DrawSource
    use: OutOfTurnUse = OutOfTurnUse.NONE
    unreplaced: tuple[Card, ...] = ()
    pozzo_in_diretta: bool = False
    noticed: Noticed = Noticed.DURING_GO
    called_by: Caller = Caller.OPPONENT


def rule_out_of_turn_draw(facts: OutOfTurnDraw) -> Penalty:
    """Return Art. 31's penalty for a draw or pick-up out of turn."""
    stock = facts.source is DrawSource.STOCK
    own_go = Instruction.DRAW_AND_DISCARD if stock else Instruction.PICK_UP_AND_DISCARD
    back = (
        "the card goes back on the stock" if stock else "the cards go back on the pile"
    )
    if facts.use is OutOfTurnUse.NONE and facts.unreplaced:
        raise InconsistentFacts("nothing was played with the out-of-turn card")
    if facts.pozzo_in_diretta:
        penalty = Penalty(
            law=art(31),
            summary=f"out of turn while a pozzo in diretta was played: {back}; "
            "the offender discards; next go normal",
            now=Instruction.DISCARD,
        )
    elif facts.use is OutOfTurnUse.NONE:
        penalty = Penalty(
            law=art(31),
            summary=f"out of turn, nothing played: {back}",
            next_go=own_go,
        )
    else:
        verb = "opened" if facts.use is OutOfTurnUse.OPENED else "attached"
        penalty = Penalty(
            law=art(31),
            summary=f"out of turn, then {verb}: {back}; cards valid only if "
            "replaced from hand",
            also=(art(25),) if facts.unreplaced else (),
            # Opening after an out-of-turn pick-up ends the offender's play.
            interrupt=not stock and facts.use is OutOfTurnUse.OPENED,
            next_go=own_go,
            freeze=Freeze(FreezeKind.UNTIL_AFTER_PENALTY_GO, f"the melds {verb}"),
            penalized=facts.unreplaced,
            disposal=Disposal.BY_RULE if facts.unreplaced else None,
        )
    return with_standard_timing(
        penalty, noticed=facts.noticed, called_by=facts.called_by
    )
