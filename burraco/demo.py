"""The demo's burraco event: eight pairs, two Mitchell turns and a Danese
turn of three hands on the single group, the standings before the split
checked (Art. 20), the split into merit groups A and B, two Danese turns
within them; a correction, a lateness, a second warning and the final
standings in their Art. 20 check.

Through the same handlers as the API; deterministic (seeded) and
idempotent. Run by ``manage.py demo`` (``ARBITRO_DEMOS``). The ten minutes
of the check before the split are not waited: the split is decided just
after the check's deadline (whose instant is still in the check, decision
0218), as the tests pin the server's clock.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from unittest import mock
from uuid import UUID

from burraco import domain as burraco
from burraco.handlers import create_burraco, handle_burraco, load_burraco
from burraco.projections import BurracoStandings
from eventstore.projections import ProjectionRunner
from eventstore.store import EventStore, Metadata, event_store
from registry import boundary
from tournaments import handlers
from tournaments.domain import tournament

__all__ = ["BURRACO_EVENT", "build"]

BURRACO_EVENT = UUID("00000000-0000-4000-8000-000000000005")
PAIRS = 8
TURNS = 5
MITCHELL_TURNS = 2
SPLIT_AFTER = 3
HANDS = 3
WARNED = 6
META = Metadata(actor="system:demo", tournament_id=BURRACO_EVENT)


def _player(number: int, member: int) -> UUID:
    return uuid.uuid5(BURRACO_EVENT, f"player:{number}:{member}")


def _side(rng: random.Random, closes: bool) -> tuple[int, int]:
    """A plausible line's hand: its base (burraco, closing) and points."""
    base = rng.choice((100, 150, 200, 300)) + (100 if closes else 0)
    return base, rng.randrange(-40, 260, 5)


def _sheet(rng: random.Random) -> tuple[burraco.SheetHand, ...]:
    hands = []
    for _ in range(HANDS):
        fixed_closes = rng.random() < 0.5
        fixed = _side(rng, fixed_closes)
        mobile = _side(rng, not fixed_closes)
        hands.append(
            burraco.SheetHand(
                fixed_base=fixed[0],
                fixed_points=fixed[1],
                mobile_base=mobile[0],
                mobile_points=mobile[1],
            )
        )
    return tuple(hands)


def _run(command: burraco.BurracoCommand) -> None:
    handle_burraco(BURRACO_EVENT, command, metadata=META)


def build(progress: Callable[[str], None], *, director: str) -> bool:
    """Build the burraco event unless it exists; return whether it wrote."""
    if load_burraco(BURRACO_EVENT).exists:
        return False
    rng = random.Random(2024)
    create_burraco(
        BURRACO_EVENT,
        tournament.CreateTournament(
            tournament_id=BURRACO_EVENT,
            name="Torneo di burraco (demo)",
            game=tournament.Game.BURRACO,
            form=tournament.Form.PAIRS,
            scoring=tournament.ScoringMethod.BURRACO_VP,
            starts_at=event_store().now(),
            windows=tournament.WindowRules(),
        ),
        burraco.OpenBurraco(
            tournament_id=BURRACO_EVENT,
            hands_per_turn=HANDS,
            turns=TURNS,
            mitchell_turns=MITCHELL_TURNS,
            split_after=SPLIT_AFTER,
            merit_groups=2,
        ),
        metadata=META,
    )
    handlers.handle_official(
        BURRACO_EVENT,
        tournament.AppointOfficial(
            user=director,
            name="Direttore (demo)",
            role=tournament.OfficialRole.CHIEF_DIRECTOR,
        ),
        metadata=META,
    )
    for number in range(1, PAIRS + 1):
        for member in range(2):
            player_id = _player(number, member)
            if not boundary.load_player(player_id)[0].registered:
                boundary.register_player(
                    boundary.Identity(
                        federation_number=f"99005{number:02d}{member}",
                        family_name=f"Giocatore {number}.{member + 1}",
                        given_name="Demo burraco",
                    ),
                    boundary.PlayerCategory.NOT_CLASSIFIED,
                    metadata=META,
                    player_id=player_id,
                )
        handlers.handle_tournament(
            BURRACO_EVENT,
            tournament.EnterPair(
                number=number,
                entry_id=uuid.uuid5(BURRACO_EVENT, f"pair:{number}"),
                player_ids=(_player(number, 0), _player(number, 1)),
            ),
            metadata=META,
        )
    _run(burraco.FormLines())
    for turn in range(1, TURNS + 1):
        if turn == SPLIT_AFTER + 1:
            _run(burraco.PublishProvisionalStandings())
            deadline = load_burraco(BURRACO_EVENT).provisional_deadline
            assert deadline is not None
            with _at(deadline + AFTER_THE_CHECK):
                _run(burraco.SplitIntoGroups())
        _run(burraco.PublishPositions(turn=turn))
        if turn == 2:
            # Art. 39: the pair warned in turn 1 is a minute late (a second
            # warning: a VP off its standings); pair 1 four minutes (150 MP
            # to its opponents before the VP lookup).
            _run(_late(2, WARNED, 60))
            _run(_late(2, 1, 240))
        for table in range(1, PAIRS // 2 + 1):
            _run(burraco.EnterScoreSheet(turn=turn, table=table, hands=_sheet(rng)))
        if turn == 1:
            _run(
                burraco.IssueWarning(
                    pair=WARNED,
                    turn=1,
                    article=19,
                    reason="segnapunti lasciato sul tavolo",
                )
            )
            # Art. 20: table 2's keeper wrote a hand wrong; the opponents
            # confirm before turn 2's positions are shown.
            _run(
                burraco.CorrectScoreSheet(
                    turn=1, table=2, hands=_sheet(rng), opponents_confirmed=True
                )
            )
    _run(burraco.PublishFinalStandings())
    ProjectionRunner(BurracoStandings()).catch_up()
    progress(
        f"burraco event: {PAIRS} pairs, {MITCHELL_TURNS} Mitchell and "
        f"{SPLIT_AFTER - MITCHELL_TURNS} Danese turns, then "
        f"{TURNS - SPLIT_AFTER} Danese turns in merit groups A and B, "
        f"of {HANDS} hands"
    )
    return True


def _late(turn: int, pair: int, seconds: int) -> burraco.RecordLateness:
    """The lateness of ``pair`` at the table it plays in ``turn``."""
    for position in load_burraco(BURRACO_EVENT).positions[turn]:
        if pair in (position.fixed, position.mobile):
            return burraco.RecordLateness(
                turn=turn, table=position.table, pair=pair, seconds=seconds
            )
    raise LookupError(f"pair {pair} does not play turn {turn}")


AFTER_THE_CHECK = timedelta(seconds=1)


@contextmanager
def _at(instant: datetime) -> Iterator[None]:
    """Decide at ``instant`` (database time is read through ``now``)."""
    with mock.patch.object(EventStore, "now", return_value=instant):
        yield
