"""Registry queries: read models joined with the identity tables.

Views read through these functions only. A player whose identity was erased
shows as forgotten with no personal data (spec/eventstore-research.md §6.8).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.db.models import F, OuterRef, Q, QuerySet, Subquery

from registry.models import (
    Club,
    DeclaredConventionCard,
    ImportedPlayer,
    PlayerIdentity,
    RegisteredPair,
    RegisteredPlayer,
    RegisteredTeam,
    TeamIdentity,
    TeamLineup,
    TeamMembership,
)

__all__ = [
    "PublicPerson",
    "club_json",
    "contestant_kind",
    "pair_detail",
    "pair_list",
    "pair_player_ids",
    "pairs_json",
    "player_detail",
    "player_list",
    "players_json",
    "players_matching_club",
    "public_people",
    "published_player",
    "team_detail",
    "team_lineups",
    "team_list",
    "team_people",
    "teams_json",
]


def club_json(club: Club) -> dict[str, Any]:
    return {
        "club_id": str(club.club_id),
        "code": club.code,
        "name": club.name,
        "city": club.city,
    }


def players_json(rows: list[RegisteredPlayer]) -> list[dict[str, Any]]:
    ids = [r.player_id for r in rows]
    identities = {
        p.player_id: p for p in PlayerIdentity.objects.filter(player_id__in=ids)
    }
    clubs = {
        c.club_id: c
        for c in Club.objects.filter(club_id__in={r.club_id for r in rows if r.club_id})
    }
    out = []
    for row in rows:
        identity = identities.get(row.player_id)
        club = clubs.get(row.club_id) if row.club_id else None
        out.append(
            {
                "player_id": str(row.player_id),
                "federation_number": identity.federation_number if identity else None,
                "family_name": identity.family_name if identity else None,
                "given_name": identity.given_name if identity else None,
                "email": identity.email if identity else None,
                "category": row.category,
                "club": club_json(club) if club else None,
                "forgotten": row.forgotten,
                "published": row.published,
                "registered_at": row.registered_at.isoformat(),
            }
        )
    return out


def player_detail(player_id: UUID) -> dict[str, Any] | None:
    row = RegisteredPlayer.objects.filter(player_id=player_id).first()
    return players_json([row])[0] if row else None


def player_list(
    *,
    club_id: UUID | None = None,
    category: str | None = None,
    search: str | None = None,
) -> QuerySet[RegisteredPlayer]:
    """Players on the register, by family name; ``search`` matches names or number."""
    rows = RegisteredPlayer.objects.all()
    if club_id is not None:
        rows = rows.filter(club_id=club_id)
    if category:
        rows = rows.filter(category=category)
    if search:
        matching = PlayerIdentity.objects.filter(
            Q(federation_number=search)
            | Q(family_name__icontains=search)
            | Q(given_name__icontains=search)
        ).values_list("player_id", flat=True)
        rows = rows.filter(player_id__in=list(matching))
    family = PlayerIdentity.objects.filter(player_id=OuterRef("player_id"))
    rows = rows.annotate(family=Subquery(family.values("family_name")[:1])).order_by(
        F("family").asc(nulls_last=True), "player_id"
    )
    return rows


def pair_player_ids(pair_id: UUID) -> set[UUID]:
    row = RegisteredPair.objects.filter(pair_id=pair_id).first()
    return {row.player_a_id, row.player_b_id} if row else set()


def _card_json(card: DeclaredConventionCard) -> dict[str, Any]:
    return {
        "position": card.global_position,
        "tournament_id": str(card.tournament_id) if card.tournament_id else None,
        "category": card.category,
        "form": card.form,
        "colour": card.colour,
        "suggested_colour": card.suggested_colour,
        "hum_features": card.hum_features,
        "brown_stickers": card.brown_stickers,
        "findings": card.findings,
        "card": card.card,
        "declared_at": card.declared_at.isoformat(),
    }


def _pair_json(row: RegisteredPair, with_cards: bool) -> dict[str, Any]:
    data: dict[str, Any] = {
        "pair_id": str(row.pair_id),
        "player_ids": [str(row.player_a_id), str(row.player_b_id)],
        "formed_at": row.formed_at.isoformat(),
    }
    if with_cards:
        data["convention_cards"] = [
            _card_json(c)
            for c in DeclaredConventionCard.objects.filter(pair_id=row.pair_id)
        ]
    return data


def pair_detail(pair_id: UUID) -> dict[str, Any] | None:
    row = RegisteredPair.objects.filter(pair_id=pair_id).first()
    return _pair_json(row, with_cards=True) if row else None


def pair_list(*, player_ids: set[UUID] | None = None) -> QuerySet[RegisteredPair]:
    rows = RegisteredPair.objects.order_by("formed_at", "pair_id")
    if player_ids is not None:
        rows = rows.filter(
            Q(player_a_id__in=player_ids) | Q(player_b_id__in=player_ids)
        )
    return rows


def pairs_json(rows: list[RegisteredPair]) -> list[dict[str, Any]]:
    return [_pair_json(r, with_cards=False) for r in rows]


def team_people(team_id: UUID) -> dict[str, Any]:
    """Members, captain and non-playing captain of a team (for permissions)."""
    row = RegisteredTeam.objects.filter(team_id=team_id).first()
    members = set(
        TeamMembership.objects.filter(team_id=team_id).values_list(
            "player_id", flat=True
        )
    )
    return {
        "members": members,
        "captain_id": row.captain_id if row else None,
        "non_playing_captain_id": row.non_playing_captain_id if row else None,
    }


def _team_json(row: RegisteredTeam) -> dict[str, Any]:
    identity = TeamIdentity.objects.filter(team_id=row.team_id).first()
    members = TeamMembership.objects.filter(team_id=row.team_id).values_list(
        "player_id", flat=True
    )
    return {
        "team_id": str(row.team_id),
        "name": identity.name if identity else None,
        "member_ids": sorted(str(m) for m in members),
        "captain_id": str(row.captain_id),
        "non_playing_captain_id": (
            str(row.non_playing_captain_id) if row.non_playing_captain_id else None
        ),
        "formed_at": row.formed_at.isoformat(),
    }


def team_detail(team_id: UUID) -> dict[str, Any] | None:
    row = RegisteredTeam.objects.filter(team_id=team_id).first()
    return _team_json(row) if row else None


def team_list(*, player_ids: set[UUID] | None = None) -> QuerySet[RegisteredTeam]:
    rows = RegisteredTeam.objects.order_by("formed_at", "team_id")
    if player_ids is not None:
        teams = TeamMembership.objects.filter(player_id__in=player_ids).values_list(
            "team_id", flat=True
        )
        rows = rows.filter(
            Q(team_id__in=list(teams))
            | Q(captain_id__in=player_ids)
            | Q(non_playing_captain_id__in=player_ids)
        )
    return rows


def teams_json(rows: list[RegisteredTeam]) -> list[dict[str, Any]]:
    return [_team_json(r) for r in rows]


def team_lineups(
    team_id: UUID, tournament_id: UUID | None = None
) -> list[dict[str, Any]]:
    rows = TeamLineup.objects.filter(team_id=team_id).order_by("declared_at", "segment")
    if tournament_id is not None:
        rows = rows.filter(tournament_id=tournament_id)
    return [
        {
            "tournament_id": str(r.tournament_id),
            "match_id": str(r.match_id),
            "segment": r.segment,
            "open_room": [str(r.open_room_a), str(r.open_room_b)],
            "closed_room": [str(r.closed_room_a), str(r.closed_room_b)],
            "change_authorised": r.change_authorised,
            "declared_at": r.declared_at.isoformat(),
        }
        for r in rows
    ]


def contestant_kind(contestant_id: UUID) -> str | None:
    """Return "individual", "pair" or "team" for an id the registry knows.

    An individual entry is the player (forgotten players excluded).
    """
    if RegisteredPlayer.objects.filter(
        player_id=contestant_id, forgotten=False
    ).exists():
        return "individual"
    if RegisteredPair.objects.filter(pair_id=contestant_id).exists():
        return "pair"
    if RegisteredTeam.objects.filter(team_id=contestant_id).exists():
        return "team"
    return None


@dataclass(frozen=True, slots=True)
class PublicPerson:
    """What the results site may show of a player: his name and club, or his
    federation number alone when he asked not to be published (or was
    forgotten: then not even that)."""

    number: str
    name: str | None
    club: str | None
    # Whether the player has a page of his own: a registered, published one;
    # a player an imported file named is not on the register (decision 0180).
    page: bool = True


def public_people(player_ids: Iterable[str]) -> dict[str, PublicPerson]:
    """The public face of each registered player, keyed by his id's text; in
    three queries whatever their number, a fourth when some are not on the
    register. A player an imported results file
    named and the register does not know shows as the file named him
    (decision 0180)."""
    ids = {UUID(str(p)) for p in player_ids}
    rows = list(RegisteredPlayer.objects.filter(player_id__in=ids))
    identities = {
        p.player_id: p for p in PlayerIdentity.objects.filter(player_id__in=ids)
    }
    clubs = {
        c.club_id: c.name
        for c in Club.objects.filter(club_id__in={r.club_id for r in rows if r.club_id})
    }
    unregistered = ids - {row.player_id for row in rows}
    out: dict[str, PublicPerson] = {
        str(p.player_id): PublicPerson(p.federation_number, p.name, None, page=False)
        for p in (
            ImportedPlayer.objects.filter(player_id__in=unregistered)
            if unregistered
            else ()
        )
    }
    for row in rows:
        identity = identities.get(row.player_id)
        if row.forgotten or identity is None:
            out[str(row.player_id)] = PublicPerson("", None, None)
        elif not row.published:
            out[str(row.player_id)] = PublicPerson(
                identity.federation_number, None, None
            )
        else:
            out[str(row.player_id)] = PublicPerson(
                identity.federation_number,
                f"{identity.given_name} {identity.family_name}",
                clubs.get(row.club_id) if row.club_id else None,
            )
    return out


def players_matching_club(text: str) -> set[str]:
    """The ids of the published players whose club's name, code or city holds
    ``text``."""
    clubs = Club.objects.filter(
        Q(name__icontains=text) | Q(code__iexact=text) | Q(city__icontains=text)
    ).values("club_id")
    return {
        str(p)
        for p in RegisteredPlayer.objects.filter(
            club_id__in=Subquery(clubs), published=True, forgotten=False
        ).values_list("player_id", flat=True)
    }


def published_player(federation_number: str) -> tuple[str, PublicPerson] | None:
    """The player with this federation number, by his id's text, if he may
    be shown by name (registered, published, not forgotten: decision 0113);
    else None: an unpublished player has no page of his own."""
    identity = PlayerIdentity.objects.filter(
        federation_number=federation_number
    ).first()
    if identity is None:
        return None
    person = public_people([str(identity.player_id)]).get(str(identity.player_id))
    if person is None or person.name is None:
        return None
    return str(identity.player_id), person
