"""Where the register meets the apps that use it: the one module they import.

A tournament needs two facts from the federation's register, both read from
the streams (never from the read model, which may lag). The results site
reads the public face of players (name and club, or number only) and the
players of a club from the read model here too (decision 0113): the state of each
player an entry names (decision 0083), and the FIGB Appendix 1 categories a
pair's convention cards were checked for (an event of category N admits a
pair whose card was checked for N). The demo registers its players here too.

The pure tournament domain, which may import no shell, meets the register in
``registry.domain.players`` only: a player's state and the refusal of an
unknown player. import-linter holds both rules (decision 0087).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from uuid import UUID

from eventstore.store import event_store
from registry.domain.pairs import PairFormed
from registry.domain.players import PlayerCategory, PlayerState, UnknownPlayer
from registry.handlers import (
    Identity,
    ensure_club,
    load_pair,
    load_player,
    player_states,
    register_player,
)
from registry.models import (
    ImportedPlayer,
    PlayerIdentity,
    RegisteredPlayer,
    TeamIdentity,
)
from registry.selectors import (
    PublicPerson,
    players_matching_club,
    public_people,
    published_player,
)

__all__ = [
    "Identity",
    "PlayerCategory",
    "PlayerState",
    "PublicPerson",
    "UnknownPlayer",
    "declared_categories",
    "ensure_club",
    "load_player",
    "name_players",
    "pair_plays_in",
    "player_by_number",
    "player_names",
    "player_sort_names",
    "player_states",
    "players_by_number",
    "players_matching_club",
    "provide_entries",
    "public_people",
    "published_player",
    "register_player",
    "team_entered",
]


def declared_categories(pair_id: UUID) -> tuple[int, ...]:
    """The App1 categories the registered pair's convention cards were checked for.

    An entry's id need not be a pair's: a team enters under its team id, which
    has no convention cards here (nothing declared, nothing to check).
    """
    history = event_store().read_stream(pair_id)
    first = history.events[0].event if history.events else None
    if not isinstance(first, PairFormed):
        return ()
    state, _ = load_pair(pair_id)
    return tuple(int(card.category) for card in state.cards)


# Whether a team or a pair plays in a tournament is the tournaments app's
# fact; the register, which imports nothing of it, asks through this port,
# which the tournaments app fills when it starts (TournamentsConfig.ready).
_plays_in: Callable[[UUID, UUID, tuple[UUID, ...]], bool] | None = None


def provide_entries(check: Callable[[UUID, UUID, tuple[UUID, ...]], bool]) -> None:
    """Install ``check(tournament_id, entry_id, player_ids)``: an entry of
    the tournament is ``entry_id``, or (``player_ids`` given) holds them all."""
    global _plays_in
    _plays_in = check


def _entries() -> Callable[[UUID, UUID, tuple[UUID, ...]], bool]:
    if _plays_in is None:
        raise RuntimeError("no tournaments app provides the entries")
    return _plays_in


def team_entered(tournament_id: UUID, team_id: UUID) -> bool:
    """Whether ``team_id`` is entered in ``tournament_id`` (read from its stream)."""
    return _entries()(tournament_id, team_id, ())


def pair_plays_in(
    tournament_id: UUID, pair_id: UUID, player_ids: Iterable[UUID]
) -> bool:
    """Whether the registered pair plays in ``tournament_id``: an entry is the
    pair itself, or holds both its players (a pairs entry the same two formed,
    or the team they play for), read from its stream (issue 28)."""
    return _entries()(tournament_id, pair_id, tuple(player_ids))


def player_names(player_ids: Iterable[UUID]) -> dict[UUID, tuple[str, str]]:
    """Each player's name and federation number, for a results file (issue
    15). Names live only in the identity tables, never in events: a
    registered player's from the register, an imported one's as his file
    gave it (decision 0180). A registered player who asked not to be
    published (decision 0113) is named by his federation number alone: a
    file goes where the public reads it. A player neither knows is absent."""
    wanted = list(player_ids)
    hidden = set(
        RegisteredPlayer.objects.filter(
            player_id__in=wanted, published=False
        ).values_list("player_id", flat=True)
    )
    names = {
        row.player_id: (row.name, row.federation_number)
        for row in ImportedPlayer.objects.filter(player_id__in=wanted)
    }
    for identity in PlayerIdentity.objects.filter(player_id__in=wanted):
        number = identity.federation_number
        if identity.player_id in hidden:
            names[identity.player_id] = (number, number)
        else:
            name = f"{identity.given_name} {identity.family_name}".strip()
            names[identity.player_id] = (name, number)
    return names


def name_players(people: Mapping[UUID, tuple[str, str]]) -> None:
    """Record the names and federation numbers an imported results file gave
    its players (decision 0180), keyed by the ids the import derived: in the
    identity tables, never in events; called inside the import's transaction.
    A registered player keeps the register's name (his own identity)."""
    registered = set(
        PlayerIdentity.objects.filter(player_id__in=list(people)).values_list(
            "player_id", flat=True
        )
    )
    for player_id, (name, number) in people.items():
        if player_id in registered:
            continue
        ImportedPlayer.objects.update_or_create(
            player_id=player_id,
            defaults={"name": name, "federation_number": number},
        )


def player_sort_names(player_ids: Iterable[UUID]) -> dict[UUID, str]:
    """Each registered player's family then given name, to put entries in
    alphabetical order (burraco's Art. 2): an order, never shown, so a
    player unpublished is ordered as any other."""
    return {
        identity.player_id: f"{identity.family_name} {identity.given_name}".strip()
        for identity in PlayerIdentity.objects.filter(player_id__in=list(player_ids))
    }


def own_player_label(player_id: UUID) -> str:
    """The player's name and federation number as shown to the player's own
    account (their page): unlike ``player_names`` it ignores the publication
    choice, which protects the player from the public, not from themself.
    A player the register does not know is shown by id."""
    identity = PlayerIdentity.objects.filter(player_id=player_id).first()
    if identity is None:
        return str(player_id)
    name = f"{identity.given_name} {identity.family_name}".strip()
    return (
        f"{name} · {identity.federation_number}" if name else identity.federation_number
    )


def players_by_number(numbers: Iterable[str]) -> dict[str, UUID]:
    """The registered player of each federation number the register holds
    (an import of entries names members by number); whether each is a member
    in good standing is ``player_states``' answer."""
    return dict(
        PlayerIdentity.objects.filter(federation_number__in=list(numbers)).values_list(
            "federation_number", "player_id"
        )
    )


def player_by_number(federation_number: str) -> UUID | None:
    """The registered player with this federation number, if any: how an
    account is linked to its register entry (decision 0138)."""
    number = federation_number.strip()
    return players_by_number([number]).get(number)


def team_names(team_ids: Iterable[UUID]) -> dict[UUID, str]:
    """Each team's name from the identity table, for a results file (decision
    0179): a team entry's id is its team's id; a name lives only here."""
    return dict(
        TeamIdentity.objects.filter(team_id__in=list(team_ids)).values_list(
            "team_id", "name"
        )
    )


def name_teams(names: Mapping[UUID, str]) -> None:
    """Record the names of teams a results file brought (decision 0179): in
    the identity table, never in events; called inside the import's
    transaction."""
    for team_id, name in names.items():
        TeamIdentity.objects.update_or_create(team_id=team_id, defaults={"name": name})
