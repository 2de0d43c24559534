"""Irregular closings: no burraco, a wild discarded, no discard (Arts. 33-35).

F.I.Bur. Codice di Gara, April 2024 edition:

- Art. 33: closing while the pair has no burraco: everything before the
  final discard stands except the last play, whose cards become penalized
  and are discarded by rule; the discard stays. The same for a pozzo taken
  con lo scarto when the partner had already taken it (Art. 23).
- Art. 34 (and Art. 14): closing by discarding a wild: the last play goes
  back into hand, the wild stays as the discard; the player may close later.
- Art. 35: closing without a discard, having opened a new meld: one card of
  it must be the discard and the rest are exposed; having attached the
  discard too: the last play goes back into hand and the card improperly
  attached becomes the discard. A pozzo taken in diretta when the partner
  had already taken it follows Art. 35 (Art. 23).
- With a wild discarded or no discard, whether the pair has a burraco does
  not matter (Art. 35).

A pozzo taken when no longer due is put back (Art. 23).
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
    Instruction,
    Noticed,
    Penalty,
    with_standard_timing,
)

__all__ = ["ClosingAttempt", "Finish", "rule_closing"]


class Finish(StrEnum):
    """How the player ran out of cards."""

    DISCARD = "discard"
    """With a discard that is not a wild."""
    WILD_DISCARD = "wild_discard"
    """With a wild as the discard (Art. 34)."""
    NO_DISCARD_NEW_MELD = "no_discard_new_meld"
    """Without a discard, having opened a new meld (Art. 35)."""
    NO_DISCARD_ATTACHED = "no_discard_attached"
    """Without a discard, having attached the discard card too (Art. 35)."""


@dataclass(frozen=True, slots=True)
class ClosingAttempt:
    """A player ran out of cards with the pair's pozzo already taken.

    ``burraco`` is the number the pair has made; ``last_play`` the cards of
    the last meld opened or the last cards attached (Definizioni, ultimo
    gioco effettuato); ``discard`` the card that was (or becomes) the
    discard; ``pozzo_no_longer_due`` when the player believed they were
    going to the pozzo the partner had already taken (Art. 23).
    """

    burraco: int
    finish: Finish
    last_play: tuple[Card, ...] = ()
    discard: Card | None = None
    pozzo_no_longer_due: bool = False
    noticed: Noticed = Noticed.AFTER_DISCARD
    called_by: Caller = Caller.OPPONENT


def rule_closing(facts: ClosingAttempt) -> Penalty:
    """Return whether the closing stands, and the penalty if it does not."""
    if facts.burraco < 0:
        raise InconsistentFacts("a number of burraco is not negative")
    also = (art(23),) if facts.pozzo_no_longer_due else ()
    if facts.finish is Finish.DISCARD:
        if facts.discard is not None and facts.discard.is_wild:
            raise InconsistentFacts("a closing on a wild is the wild_discard finish")
        if facts.burraco >= 1:
            return Penalty(
                law=art(17),
                summary="the closing stands",
                also=also,
                closing_valid=True,
            )
        if not facts.last_play:
            raise InconsistentFacts("record the cards of the last play")
        penalty = Penalty(
            law=art(33),
            summary="closing with no burraco: the last play is penalized, "
            "the discard stays",
            also=(*also, art(25)),
            penalized=facts.last_play,
            disposal=Disposal.BY_RULE,
            closing_valid=False,
        )
    elif facts.finish is Finish.WILD_DISCARD:
        if facts.discard is not None and not facts.discard.is_wild:
            raise InconsistentFacts("the discard recorded is not a wild")
        penalty = Penalty(
            law=art(34),
            summary="closing on a wild: the last play goes back to hand, the wild "
            "stays as the discard; closing possible later",
            also=(*also, art(14)),
            discard=facts.discard,
            closing_valid=False,
        )
    elif facts.finish is Finish.NO_DISCARD_NEW_MELD:
        if not facts.last_play:
            raise InconsistentFacts("record the cards of the last meld opened")
        penalty = Penalty(
            law=art(35),
            summary="closing without a discard: one card of the last meld is the "
            "discard, the others are exposed",
            also=(*also, art(24)),
            now=Instruction.DISCARD,
            exposed=facts.last_play,
            closing_valid=False,
        )
    else:
        penalty = Penalty(
            law=art(35),
            summary="discard card attached too: the last play goes back to hand, "
            "the attached card is the discard; closing possible next round",
            also=also,
            discard=facts.discard,
            closing_valid=False,
        )
    return with_standard_timing(
        penalty, noticed=facts.noticed, called_by=facts.called_by
    )
