"""The tournament context's commands, as its pages send them (decision 0220).

A page reads the read models (``tournaments.selectors``,
``tournaments.table_selectors``) and sends one command a request through
these functions, which are the handlers the API's views call (the one
command path, decision 0085). Nothing here reads a stream for a page: the
loaders (``handlers.load_tournament``, the stream caches) stay the handlers'
own, and import-linter keeps the pages from reaching them.
"""

from __future__ import annotations

from collections.abc import Callable

from eventstore.commands import client_key
from eventstore.errors import StreamMoved
from eventstore.store import AppendResult, Metadata
from rules.errors import DomainError
from tournaments import handlers
from tournaments.domain import board_result, tournament
from tournaments.handlers import (
    TableRef,
    give_ruling,
    handle_board_result,
    handle_tournament,
    record_board_copy,
    record_withdrawal,
)
from tournaments.result_batch import (
    MAX_LINES,
    BatchEntered,
    LinesRefused,
    ResultLine,
    enter_results,
)

__all__ = [
    "MAX_LINES",
    "BatchEntered",
    "LinesRefused",
    "ResultLine",
    "TableRef",
    "at_table",
    "client_key",
    "enter_results",
    "give_ruling",
    "handle_board_result",
    "handle_tournament",
    "record_board_copy",
    "record_withdrawal",
]


def at_table(
    ref: TableRef,
    build: Callable[[tournament.TableAssignment], board_result.BoardResultCommand],
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
) -> AppendResult | None:
    """A board-result command sent from the table (entry, confirmation),
    decided on the tournament as this process cached it: the append stores
    nothing unless it is still current (``StreamGuard``), so a result is one
    statement, as the API's (issue 13, decision 0165). The tournament moved,
    or a refusal on the cached state: decided again on it as read, so the
    answer is the one a fresh read gives."""
    cached = handlers.cached_tournament(ref.tournament_id)
    if cached is not None:
        state, guard = cached
        try:
            return handle_board_result(
                ref,
                build,
                metadata=metadata,
                idempotency_key=idempotency_key,
                state=state,
                guard=guard,
            )
        except (StreamMoved, DomainError):
            pass
    return handle_board_result(
        ref, build, metadata=metadata, idempotency_key=idempotency_key
    )
