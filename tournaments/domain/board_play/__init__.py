"""One board at one table: auction, play, claims and result as an event stream.

Laws of Duplicate Bridge 2017 (FIGB edition), Laws 17-71 and 79A, through the
pure rules engines of :mod:`rules.bridge`.
"""

from tournaments.domain.board_play.aggregate import (
    INITIAL,
    STREAM_NAMESPACE,
    decide,
    initial_state,
    replay,
    stream_id,
)
from tournaments.domain.board_play.commands import BoardPlayCommand
from tournaments.domain.board_play.events import EVENT_TYPES, BoardPlayEvent
from tournaments.domain.board_play.evolve import evolve
from tournaments.domain.board_play.state import BoardPhase, BoardPlayState, PendingView

__all__ = [
    "EVENT_TYPES",
    "INITIAL",
    "STREAM_NAMESPACE",
    "BoardPhase",
    "BoardPlayCommand",
    "BoardPlayEvent",
    "BoardPlayState",
    "PendingView",
    "decide",
    "evolve",
    "initial_state",
    "replay",
    "stream_id",
]
