"""Irregularities with the pozzi (Art. 23) that depend on the moment or cards.

F.I.Bur. Codice di Gara, April 2024 edition, Art. 23 and "Tavoli provvisti
di separé e paramani". Fixed rows (a pozzo not handed over by an opponent,
miscounted pozzi, pozzi dropped, the previous hand's pozzo) are in
``rules.burraco.penalties.fixed``; a pozzo taken when no longer due is a
closing (``rules.burraco.penalties.closing``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.burraco.articles import SCREENS, art
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
    with_standard_timing,
)

__all__ = [
    "PozzoLookedAtEarly",
    "PozzoRoute",
    "SecondPozzoPlayed",
    "WrongPlayWithPozzo",
    "rule_pozzo_looked_at_early",
    "rule_second_pozzo_played",
    "rule_wrong_play_with_pozzo",
]


class PozzoRoute(StrEnum):
    """How the pozzo was taken (Definizioni)."""

    IN_DIRETTA = "in_diretta"
    """By melding every card, without a discard (al volo)."""
    CON_LO_SCARTO = "con_lo_scarto"
    """By running out of cards with a discard."""


@dataclass(frozen=True, slots=True)
class PozzoLookedAtEarly:
    """A pozzo taken con lo scarto looked at before the partner's discard."""

    screens: bool = False
    noticed: Noticed = Noticed.DURING_GO
    called_by: Caller = Caller.OPPONENT


def rule_pozzo_looked_at_early(facts: PozzoLookedAtEarly) -> Penalty:
    """Return Art. 23's warning, or nothing at a table with screens.

    With screens the player may look at once (Tavoli provvisti di separé).
    """
    if facts.screens:
        return Penalty(law=SCREENS, summary="with screens the pozzo may be looked at")
    penalty = Penalty(
        law=art(23),
        summary="pozzo taken con lo scarto looked at before the partner's discard",
        warning=WarningTo.OFFENDING_SIDE,
    )
    return with_standard_timing(
        penalty, noticed=facts.noticed, called_by=facts.called_by
    )


@dataclass(frozen=True, slots=True)
class WrongPlayWithPozzo:
    """A wrong meld made while going to the pozzo (Art. 23).

    ``wrong_meld`` holds the cards of the wrong meld; ``noticed`` is when
    the error was pointed out.
    """

    route: PozzoRoute
    wrong_meld: tuple[Card, ...]
    noticed: Noticed


def rule_wrong_play_with_pozzo(facts: WrongPlayWithPozzo) -> Penalty:
    """Return Art. 23's ruling on a pozzo taken with a wrong play.

    In diretta, found before the opponent's draw: the melds opened or
    attached to freeze and the wrong meld's cards are discarded by rule;
    found later: the pozzo-taking is cured, every play with it stands
    (the closing too), the wrong meld freezes for good and counts negative.
    Con lo scarto, found before play returns to the offender: at that go
    only draw or pick up and discard; found after: the pozzo is played
    normally (the closing too). Either way the wrong meld freezes for good
    and counts negative.
    """
    if not facts.wrong_meld:
        raise InconsistentFacts("record the cards of the wrong meld")
    frozen_for_good = Freeze(FreezeKind.DEFINITIVE, "the wrong meld")
    if facts.route is PozzoRoute.IN_DIRETTA:
        if facts.noticed in (Noticed.DURING_GO, Noticed.AFTER_DISCARD):
            return Penalty(
                law=art(23),
                summary="pozzo in diretta with a wrong meld, before the opponent's "
                "draw: melds frozen, wrong meld discarded by rule",
                freeze=Freeze(FreezeKind.TEMPORARY, "the melds opened or attached to"),
                penalized=facts.wrong_meld,
                disposal=Disposal.BY_RULE,
            )
        return Penalty(
            law=art(23),
            summary="pozzo in diretta with a wrong meld, after the opponent's draw: "
            "cured; the wrong meld counts negative",
            freeze=frozen_for_good,
            negative=facts.wrong_meld,
            closing_valid=True,
        )
    if facts.noticed is Noticed.OFFENDERS_NEXT_GO:
        return Penalty(
            law=art(23),
            summary="pozzo con lo scarto with a wrong meld, found after the "
            "offender drew: the pozzo is played normally; the wrong meld "
            "counts negative",
            freeze=frozen_for_good,
            negative=facts.wrong_meld,
            closing_valid=True,
        )
    return Penalty(
        law=art(23),
        summary="pozzo con lo scarto with a wrong meld: at the next go draw or "
        "pick up and discard only; the wrong meld counts negative",
        next_go=Instruction.DRAW_OR_PICK_UP_AND_DISCARD,
        freeze=frozen_for_good,
        negative=facts.wrong_meld,
    )


@dataclass(frozen=True, slots=True)
class SecondPozzoPlayed:
    """A pair that played its pozzo took the other one and played from it (Art. 23)."""

    noticed: Noticed


def rule_second_pozzo_played(facts: SecondPozzoPlayed) -> Penalty:
    """Return Art. 23's ruling on a second pozzo taken and played.

    Before the next opponent's draw (the discard included): the director
    rebuilds the second pozzo, with the cards already played, and judges
    the closing under Arts. 33-35. Found later: the melds opened with the
    second pozzo are valid.
    """
    if facts.noticed in (Noticed.DURING_GO, Noticed.AFTER_DISCARD):
        return Penalty(
            law=art(23),
            summary="second pozzo played: rebuilt, with the cards already played; "
            "the closing is judged under Arts. 33-35",
            also=(art(33), art(34), art(35)),
            interrupt=True,
        )
    return Penalty(
        law=art(23),
        summary="second pozzo played, found later: the melds opened with it stand",
    )
