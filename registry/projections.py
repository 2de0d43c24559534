"""The registry's read models, fed by the player, pair and team streams.

Deterministic and idempotent: every row keyed by its natural id is upserted,
and an event at or below a row's ``last_position`` is skipped, so a batch
delivered twice changes nothing (spec/eventstore-research.md §6.3).
"""

from __future__ import annotations

from typing import Any, ClassVar
from uuid import UUID

from django.db import connection, models

from eventstore.projections import Projection
from eventstore.store import RecordedEvent
from registry import domain
from registry.models import (
    DeclaredConventionCard,
    RegisteredPair,
    RegisteredPlayer,
    RegisteredTeam,
    TeamLineup,
    TeamMembership,
)

__all__ = ["RegistryProjection"]


class RegistryProjection(Projection):
    """Players, pairs, convention cards, teams, members and line-ups."""

    name: ClassVar[str] = "tournaments.registry.v1"
    event_types: ClassVar[tuple[str, ...]] = tuple(
        cls.event_type for cls in domain.EVENT_TYPES
    )

    read_models = (
        RegisteredPlayer,
        RegisteredPair,
        DeclaredConventionCard,
        RegisteredTeam,
        TeamMembership,
        TeamLineup,
    )

    def __init__(self) -> None:
        # The batch's registrations, written together (``_write_registered``)
        # before any other event and at the flush: player -> its row.
        self.registered: dict[UUID, tuple[Any, ...]] = {}

    def reset(self) -> None:
        for model in self.read_models:
            model.objects.all().delete()
        self.registered.clear()

    def discard(self) -> None:
        self.registered.clear()

    def flush(self) -> None:
        self._write_registered()

    def partition(self, event: RecordedEvent) -> str:
        """The stream: a player, a pair or a team, whose id keys its rows."""
        return f"stream:{event.stream_id}"

    def reset_partition(self, partition: str) -> bool:
        """Delete the rows of one player, pair or team (its stream id)."""
        kind, _, key = partition.partition(":")
        if kind != "stream":
            return False
        entity = UUID(key)
        RegisteredPlayer.objects.filter(player_id=entity).delete()
        RegisteredPair.objects.filter(pair_id=entity).delete()
        DeclaredConventionCard.objects.filter(pair_id=entity).delete()
        RegisteredTeam.objects.filter(team_id=entity).delete()
        TeamMembership.objects.filter(team_id=entity).delete()
        TeamLineup.objects.filter(team_id=entity).delete()
        return True

    def handle(self, event: RecordedEvent) -> None:
        if isinstance(event.event, domain.PlayerRegistered):
            registered = event.event
            held = self.registered.get(registered.player_id)
            if held is None or held[-1] < event.global_position:
                self.registered[registered.player_id] = (
                    registered.player_id,
                    registered.category.value,
                    registered.club_id,
                    held[3] if held else event.recorded_at,
                    event.global_position,
                )
            return
        self._write_registered()
        match event.event:
            case domain.PlayerAffiliated() as e:
                self._player(event, e.player_id, club_id=e.club_id)
            case domain.PlayerCategoryChanged() as e:
                self._player(event, e.player_id, category=e.category.value)
            case domain.PlayerForgotten() as e:
                self._player(event, e.player_id, forgotten=True)
            case domain.PlayerPublicationChanged() as e:
                self._player(event, e.player_id, published=e.published)
            case domain.PairFormed() as e:
                a, b = e.player_ids
                RegisteredPair.objects.get_or_create(
                    pair_id=e.pair_id,
                    defaults={
                        "player_a_id": a,
                        "player_b_id": b,
                        "formed_at": event.recorded_at,
                        "last_position": event.global_position,
                    },
                )
            case domain.ConventionCardDeclared() as e:
                self._card(event, e)
            case domain.TeamFormed() as e:
                created = self._team(
                    event,
                    e.team_id,
                    created=True,
                    captain_id=e.captain_id,
                    non_playing_captain_id=e.non_playing_captain_id,
                )
                if created:
                    for member in e.member_ids:
                        TeamMembership.objects.get_or_create(
                            team_id=e.team_id, player_id=member
                        )
            case domain.TeamMemberAdded() as e:
                if self._team(event, e.team_id):
                    TeamMembership.objects.get_or_create(
                        team_id=e.team_id, player_id=e.player_id
                    )
            case domain.TeamMemberRemoved() as e:
                if self._team(event, e.team_id):
                    TeamMembership.objects.filter(
                        team_id=e.team_id, player_id=e.player_id
                    ).delete()
            case domain.CaptainAppointed() as e:
                self._team(event, e.team_id, captain_id=e.captain_id)
            case domain.LineupDeclared() as e:
                self._lineup(event, e)
            case other:
                raise TypeError(f"{self.name} cannot apply {type(other).__name__}")

    # -- writers -------------------------------------------------------------

    def _write_registered(self) -> None:
        """The held registrations as ``get_or_create`` then ``_advance`` would
        leave them, in one ``INSERT ... ON CONFLICT DO UPDATE ... WHERE`` the
        row is older (PostgreSQL); one by one on SQLite. Every column without
        a value is named (a registered player is published until he asks
        otherwise: the model's defaults are not the database's)."""
        if not self.registered:
            return
        rows = list(self.registered.values())
        self.registered.clear()
        if connection.vendor != "postgresql":
            for player_id, category, club_id, at, position in rows:
                key = {"player_id": player_id}
                fields = {"category": category, "club_id": club_id}
                _, made = RegisteredPlayer.objects.get_or_create(
                    **key,
                    defaults={**fields, "registered_at": at, "last_position": position},
                )
                if not made:
                    RegisteredPlayer.objects.filter(
                        **key, last_position__lt=position
                    ).update(**fields, last_position=position)
            return
        table = connection.ops.quote_name(RegisteredPlayer._meta.db_table)
        ids, categories, clubs, ats, positions = (
            list(c) for c in zip(*rows, strict=True)
        )
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {table} AS p (player_id, category, club_id, forgotten, "
                "published, registered_at, last_position) SELECT u.player_id, "
                "u.category, u.club_id, false, true, u.registered_at, "
                "u.last_position FROM unnest("
                "%s::uuid[], %s::text[], %s::uuid[], %s::timestamptz[], "
                "%s::bigint[]) AS u(player_id, category, club_id, registered_at, "
                "last_position) ON CONFLICT (player_id) DO UPDATE SET category = "
                "EXCLUDED.category, club_id = EXCLUDED.club_id, last_position = "
                "EXCLUDED.last_position WHERE p.last_position < EXCLUDED.last_position",
                [ids, categories, clubs, ats, positions],
            )

    @staticmethod
    def _player(
        event: RecordedEvent, player_id: UUID, *, created: bool = False, **fields: Any
    ) -> None:
        key = {"player_id": player_id}
        if created and _create(RegisteredPlayer, event, key, "registered_at", fields):
            return
        _advance(RegisteredPlayer, event, key, fields)

    @staticmethod
    def _team(
        event: RecordedEvent, team_id: UUID, *, created: bool = False, **fields: Any
    ) -> bool:
        """Advance the team row; return False when the event was applied before."""
        key = {"team_id": team_id}
        if created:
            return _create(RegisteredTeam, event, key, "formed_at", fields)
        return _advance(RegisteredTeam, event, key, fields)

    @staticmethod
    def _card(event: RecordedEvent, e: domain.ConventionCardDeclared) -> None:
        payload = event.payload
        DeclaredConventionCard.objects.update_or_create(
            global_position=event.global_position,
            defaults={
                "pair_id": e.pair_id,
                "tournament_id": e.tournament_id,
                "category": int(e.category),
                "form": e.form.value,
                "colour": e.card.colour.value,
                "suggested_colour": e.suggested_colour.value,
                "hum_features": [f.value for f in e.hum_features],
                "brown_stickers": [b.value for b in e.brown_stickers],
                "findings": payload["findings"],
                "card": payload["card"],
                "declared_at": event.recorded_at,
            },
        )

    @staticmethod
    def _lineup(event: RecordedEvent, e: domain.LineupDeclared) -> None:
        position = event.global_position
        fields = {
            "tournament_id": e.tournament_id,
            "open_room_a": e.open_room[0],
            "open_room_b": e.open_room[1],
            "closed_room_a": e.closed_room[0],
            "closed_room_b": e.closed_room[1],
            "change_authorised": e.change_authorised,
            "declared_at": event.recorded_at,
            "last_position": position,
        }
        row, made = TeamLineup.objects.get_or_create(
            team_id=e.team_id, match_id=e.match_id, segment=e.segment, defaults=fields
        )
        if not made and row.last_position < position:
            TeamLineup.objects.filter(pk=row.pk).update(**fields)


def _create(
    model: type[models.Model],
    event: RecordedEvent,
    key: dict[str, UUID],
    stamp: str,
    fields: dict[str, Any],
) -> bool:
    """Create the row the event starts, ``stamp`` set to when it was recorded;
    False when the row is there already."""
    _, made = model._default_manager.get_or_create(
        **key,
        defaults={
            **fields,
            stamp: event.recorded_at,
            "last_position": event.global_position,
        },
    )
    return bool(made)


def _advance(
    model: type[models.Model],
    event: RecordedEvent,
    key: dict[str, UUID],
    fields: dict[str, Any],
) -> bool:
    """Update the row to the event; False when the event was applied before."""
    position = event.global_position
    moved = model._default_manager.filter(**key, last_position__lt=position).update(
        **fields, last_position=position
    )
    return moved == 1
