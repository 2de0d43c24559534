"""The result of a board at a table: contract, declarer and tricks made.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 22B (a passed-out board
has no contract and scores zero), Law 69A (claimed and conceded tricks count
as won or lost in play), Law 64 (revoke trick transfers at the end of play),
Law 79A (the tricks won). ``tricks_made`` is the absolute count for the
declaring side, after transfers; over- and undertricks are derived.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.bridge.claims import Claim
from rules.bridge.contract import Contract
from rules.bridge.play_state import PlayState
from rules.bridge.revoke import Revoke, TrickTransfer, trick_transfer
from rules.bridge.seat import Seat
from rules.errors import LawRef

__all__ = ["BoardResult", "result_of_play"]


@dataclass(frozen=True, slots=True)
class BoardResult:
    """The outcome of a board: ``contract`` is None when it was passed out.

    ``tricks_in_play`` are the declaring side's tricks as played or claimed;
    ``tricks_made`` adds the revoke transfers of Law 64A. ``unresolved``
    lists established revokes to which no attention was drawn: they transfer
    nothing automatically but are flagged for the Director (Law 64C).
    """

    contract: Contract | None
    tricks_made: int | None = None
    tricks_in_play: int | None = None
    transfers: tuple[TrickTransfer, ...] = ()
    unresolved: tuple[Revoke, ...] = ()
    review_flags: tuple[LawRef, ...] = ()

    @property
    def is_passed_out(self) -> bool:
        """Return whether the board was passed out (Law 22B)."""
        return self.contract is None

    @property
    def declarer(self) -> Seat | None:
        """Return the declarer, or None on a passed-out board."""
        return None if self.contract is None else self.contract.declarer

    @property
    def overtricks(self) -> int:
        """Return tricks made beyond the contract (negative: undertricks)."""
        if self.contract is None or self.tricks_made is None:
            return 0
        return self.tricks_made - self.contract.tricks_needed

    def __str__(self) -> str:
        if self.contract is None:
            return "passed out"
        return f"{self.contract} {self.tricks_made}"


def result_of_play(play: PlayState, claim: Claim | None = None) -> BoardResult:
    """Return the result once play has ended or a claim is settled.

    Declarer's tricks are those won in the completed tricks plus, after a
    settled claim, the remaining tricks credited to his side (Law 69A).
    Established revokes to which attention was drawn transfer tricks
    (Law 64A); every established revoke is flagged for Law 64C.
    """
    declaring = play.declaring_side
    in_play = play.tricks_won(declaring)
    claimed_by_side = {declaring: 0, declaring.opponents: 0}
    if claim is not None:
        credited = claim.tricks_for(declaring)
        if credited is not None:
            in_play += credited
            claimed_by_side[declaring] = credited
            claimed_by_side[declaring.opponents] = claim.remaining - credited
    transfers: list[TrickTransfer] = []
    unresolved: list[Revoke] = []
    for revoke in play.revokes:
        if not revoke.established or revoke.corrected:
            continue
        if revoke.attention is None:
            unresolved.append(revoke)
            continue
        transfers.append(
            trick_transfer(
                revoke,
                play.completed,
                play.revokes,
                later_claimed_tricks=claimed_by_side[revoke.side],
            )
        )
    made = in_play
    for transfer in transfers:
        made += -transfer.tricks if transfer.from_side is declaring else transfer.tricks
    made = max(0, min(13, made))
    flags = tuple(dict.fromkeys(play.review_flags))
    return BoardResult(
        contract=play.contract,
        tricks_made=made,
        tricks_in_play=in_play,
        transfers=tuple(transfers),
        unresolved=tuple(unresolved),
        review_flags=flags,
    )
