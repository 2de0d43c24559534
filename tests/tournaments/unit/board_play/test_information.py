"""The board's unauthorized-information markers for a ruling to cite
(Laws 16C2, 68B2), gathered from the auction, the play and the claims."""

from rules.bridge import Card, Seat
from rules.bridge.play_state import InformationMarker
from rules.bridge.seat import Side
from rules.errors import LawRef
from tests.tournaments.unit.board_play.builders import (
    T0,
    cards_played,
    in_four_spades,
    run,
)
from tournaments.domain.board_play import BoardPhase
from tournaments.domain.board_play.commands import (
    ClaimTricks,
    CorrectRevoke,
    RespondToClaim,
)


def c(text: str) -> Card:
    return Card.parse(text)


def test_a_defenders_concession_cancelled_by_partner_is_marked() -> None:
    """Law 68B2: West concedes the rest at trick 2, East objects at once: no
    concession, play goes on, and what West's concession showed is
    unauthorized for East-West (Law 16C2). East's corrected revoke at trick 2
    is marked too."""
    state = cards_played(in_four_spades(), "W:CA N:C2 E:C5 S:C9")
    state, _ = run(
        state,
        ClaimTricks(seat=Seat.W, tricks=0, statement="the rest are yours", at=T0),
        RespondToClaim(seat=Seat.E, accept=False, at=T0),
    )
    assert state.phase is BoardPhase.PLAY
    assert state.information == (
        InformationMarker(LawRef("16C2"), Side.EW, LawRef("68B2"), Seat.W, 2),
    )
    state = cards_played(state, "W:CK N:C3 E:HQ")
    state, _ = run(state, CorrectRevoke(seat=Seat.E, card=c("C6"), at=T0))
    assert state.information == (
        InformationMarker(LawRef("16C2"), Side.EW, LawRef("62B1"), Seat.E, 2, c("HQ")),
        InformationMarker(LawRef("16C2"), Side.EW, LawRef("68B2"), Seat.W, 2),
    )
