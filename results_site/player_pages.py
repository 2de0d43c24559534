"""A player's own history across events, by federation number (issue 17).

Only a published player has a page (decision 0113: one who asked not to be
published appears by number only, with no history); each session's figures
show only where the reader may see that session's results (decision 0105,
``page_selectors.visible_sessions``: one read of each event's stream).
"""

from __future__ import annotations

from dataclasses import dataclass

from access.roles import AnyUser
from registry.boundary import PublicPerson, public_people, published_player
from results_site.pages import Entry
from tournaments import page_selectors
from tournaments.selectors import SessionRow, StandingRow, TournamentRow

__all__ = ["HistoryPage", "history_page"]


@dataclass(frozen=True, slots=True)
class SessionLine:
    session: SessionRow
    visible: bool
    standing: StandingRow | None


@dataclass(frozen=True, slots=True)
class EventLine:
    event: TournamentRow
    entry: Entry
    sessions: list[SessionLine]


@dataclass(frozen=True, slots=True)
class HistoryPage:
    person: PublicPerson
    events: list[EventLine]


def history_page(user: AnyUser, federation_number: str) -> HistoryPage | None:
    """The events a published player entered, latest first, with his
    entry's rank in each session whose results the reader may see."""
    found = published_player(federation_number)
    if found is None:
        return None
    player_id, person = found
    history = page_selectors.player_history(player_id)
    # His partners' or team-mates' public faces, in one read.
    people = public_people(p for h in history for p in h.entry.player_ids)
    unknown = PublicPerson("", None, None)
    events = []
    for h in history:
        # The API's rule (decision 0105), one read of the event's stream.
        seen = page_selectors.visible_sessions(user, h.event.tournament_id)
        lines = []
        for s in h.sessions:
            visible = seen is None or s.session in seen
            lines.append(
                SessionLine(s, visible, h.standings.get(s.session) if visible else None)
            )
        entry = Entry(
            h.entry.number,
            tuple(people.get(str(p), unknown) for p in h.entry.player_ids),
        )
        events.append(EventLine(h.event, entry, lines))
    return HistoryPage(person, events)
