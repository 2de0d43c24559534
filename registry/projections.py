"""The registry's read models, fed by the player, pair and team streams.

Deterministic and idempotent: every row keyed by its natural id is upserted,
and an event at or below a row's ``last_position`` is skipped, so a batch
delivered twice changes nothing (spec/eventstore-research.md §6.3).
"""

from __future__ import annotations

from typing import Any, ClassVar
from uuid import UUID

from django.db import models

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

    def reset(self) -> None:
        for model in (
            RegisteredPlayer,
            RegisteredPair,
            DeclaredConventionCard,
            RegisteredTeam,
            TeamMembership,
            TeamLineup,
        ):
            model.objects.all().delete()

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
        match event.event:
            case domain.PlayerRegistered() as e:
                self._player(
                    event,
                    e.player_id,
                    created=True,
                    category=e.category.value,
                    club_id=e.club_id,
                )
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
