"""Live play API: calls, cards, claims and rectification choices at one table.

Each POST is one command on the board-at-a-table stream and answers 201 with
the new stream version and positions, or 422/409 naming the Law
(httpapi/problems.py). Players act for the seats of their own side at their
own table; the director acts for any seat and alone decides claims (Law 70).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar
from uuid import UUID

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import IsTournamentDirector, is_director, metadata_for, player_ids_of
from httpapi.commands import COMMAND_RESPONSES, created, expected, idem
from httpapi.inputs import FlatInput
from httpapi.schema import PROBLEM
from rules.bridge import Card, Deal, Rank, Seat, Suit, dealer_for
from rules.bridge.attempted_call import parse_attempted_call
from rules.bridge.defective_trick import DefectKind
from rules.bridge.dummy_designation import Designation
from rules.errors import LawRef, RuleViolation
from tournaments import handlers, live_play
from tournaments.api.common import (
    MAX_CALLS,
    TableCommandApi,
    plays_in,
    refuse_outsider,
)
from tournaments.api.visibility import SessionResultsVisible, Sight, seated_at
from tournaments.domain import tournament
from tournaments.domain.board_play import commands as cmd


class NotYourSeat(RuleViolation):
    code = "not_your_seat"


T = TypeVar("T")


def _parse(parser: Callable[[str], T], value: str, what: str) -> T:
    try:
        return parser(value)
    except ValueError as exc:
        raise serializers.ValidationError({what: str(exc)}) from None


class SeatField(serializers.ChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=[s.value for s in Seat], **kwargs)

    def to_internal_value(self, data: Any) -> Seat:
        return Seat(super().to_internal_value(data))


class CardField(serializers.CharField):
    # Read as text (blank, null and default handled as for any CharField),
    # then parsed into a Card.
    def run_validation(self, data: Any = serializers.empty) -> Card | None:
        text = super().run_validation(data)
        return None if text is None else _parse(Card.parse, text, "card")


def _authorize_seat(
    request: Request, ref: handlers.TableRef, seat: Seat | None, *, card: bool = False
) -> None:
    """A player acts only for their own seat (or the director for any).

    A pair's entry names its players in seat order: the first sits North (or
    East), the second South (or West), as the guide card shows (decision
    0119). Declarer also plays dummy's cards (Law 45B). An entry of more
    than two players (a team's) has no seat order here: any of its players
    acts for its side.
    """
    if is_director(request.user, ref.tournament_id):
        return
    state = handlers.load_tournament(ref.tournament_id)
    refuse_outsider(request, state)
    assignment = handlers.seating(state, ref)
    if seat is None:
        raise NotYourSeat("only the director may do this", law=LawRef("81"))
    if assignment.players:  # individual: the one player in that seat (Law 4)
        entries: tuple[int, ...] = (assignment.players["NESW".index(seat.value)],)
        if plays_in(request, state, *entries):
            return
        raise NotYourSeat(f"you do not sit {seat.value} at this table")
    own = _own_seats(request, state, assignment)
    if card and own:
        play = live_play.load(ref).play
        if play is not None and seat == play.declarer.partner:
            if play.declarer in own:
                return
            raise NotYourSeat(
                f"{seat.value} is dummy: declarer plays dummy's cards",
                law=LawRef("45B"),
            )
    if seat in own:
        return
    if own:
        shown = ", ".join(sorted(s.value for s in own))
        raise NotYourSeat(
            f"you sit {shown} at this table, not {seat.value}: a player calls and "
            "plays only for their own seat"
        )
    raise NotYourSeat(f"you do not sit {seat.value} at this table")


def _own_seats(
    request: Request,
    state: tournament.TournamentState,
    assignment: tournament.TableAssignment,
) -> set[Seat]:
    """The seats the caller holds at this table (a pair's seat order)."""
    mine = player_ids_of(request.user)
    own: set[Seat] = set()
    for number, seats in (
        (assignment.ns, (Seat.N, Seat.S)),
        (assignment.ew, (Seat.E, Seat.W)),
    ):
        entry = state.entries.get(number)
        if entry is None:
            continue
        if len(entry.player_ids) > 2:
            if mine & set(entry.player_ids):
                own.update(seats)
            continue
        own.update(
            s for pid, s in zip(entry.player_ids, seats, strict=False) if pid in mine
        )
    return own


def _ref(
    tournament_id: UUID, session: int, table: int, board_number: int
) -> handlers.TableRef:
    return handlers.TableRef(tournament_id, session, board_number, table)


class _TableCommandApi(TableCommandApi):
    """Shared shape: authorize the seat, build the command, append."""

    name = "table_command"

    def build(self, data: dict[str, Any], at: datetime, ref: handlers.TableRef) -> Any:
        raise NotImplementedError

    def seat_of(self, data: dict[str, Any]) -> Seat | None:
        return data.get("seat")

    def command(
        self, request: Request, ref: handlers.TableRef, data: dict[str, Any]
    ) -> Response:
        _authorize_seat(request, ref, self.seat_of(data), card=self.name == "PlayCard")
        # Table time: when the call or card was made; no window depends on it.
        command = self.build(data, timezone.now(), ref)
        return created(
            live_play.play(
                ref,
                command,
                metadata=metadata_for(request, ref.tournament_id, self.name),
                idempotency_key=idem(request),
                expected_version=expected(request),
                # What the client sent: the command carries the table time.
                request=(self.name, request.data),
            )
        )


def table_command(
    name: str,
    fields: dict[str, serializers.Field],
    build: Callable[[dict[str, Any], datetime, handlers.TableRef], Any],
    *,
    director_only: bool = False,
    doc: str = "",
) -> type[APIView]:
    """Make one command endpoint (one view class per operation, STYLE §2.7)."""
    attrs: dict[str, Any] = {
        "InputSerializer": type(f"{name}Input", (FlatInput,), dict(fields)),
        "name": name,
        "build": lambda self, data, at, ref: build(data, at, ref),
        "__doc__": doc,
    }
    if director_only:
        attrs["permission_classes"] = [IsTournamentDirector]
        attrs["seat_of"] = lambda self, data: None
    return type(f"{name}Api", (_TableCommandApi,), attrs)


def _by_name(
    command: Callable[..., Any],
) -> Callable[[dict[str, Any], datetime, handlers.TableRef], Any]:
    """The command whose fields are the input's, by the same names, at table time."""
    return lambda data, at, ref: command(**data, at=at)


def _tricks(lowest: int = 0) -> serializers.IntegerField:
    """A number of tricks (or a trick's number, from 1): at most 13."""
    return serializers.IntegerField(min_value=lowest, max_value=13)


# An input that may be left out or sent as null.
OPTIONAL: dict[str, Any] = {"required": False, "allow_null": True, "default": None}


def _deal_for(data: dict[str, Any], ref: handlers.TableRef) -> Deal:
    """The deal sent with the request, else the session's hand record (Law 6)."""
    if data.get("deal"):
        return _parse(Deal.from_pbn, data["deal"], "deal")
    session = handlers.load_tournament(ref.tournament_id).sessions.get(ref.session)
    text = session.hand_records.get(ref.board_number) if session else None
    if text is None:
        raise live_play.NoDeal("no hand record for this board: send the deal")
    return Deal.from_pbn(text)


def _dealer_for(ref: handlers.TableRef) -> str:
    """The dealer marked on the copy of the board this table plays, when a
    director recorded it before play and it differs from Law 2's (Law 2
    keeps a used copy's markings; decision 0170)."""
    session = handlers.load_tournament(ref.tournament_id).sessions.get(ref.session)
    for (board, _), copy in (session.board_copies if session else {}).items():
        if board == ref.board_number and ref.table in copy.tables:
            law_2 = dealer_for(ref.board_number).value
            return "" if copy.dealer == law_2 else copy.dealer
    return ""


def _strict(data: dict[str, Any], ref: handlers.TableRef) -> bool:
    """Strict mode (online platforms): the board's flag, else the event's."""
    if data.get("strict") is not None:
        return bool(data["strict"])
    created = handlers.load_tournament(ref.tournament_id).created
    return bool(created and created.strict)


StartBoardApi = table_command(
    "StartBoard",
    {
        "deal": serializers.CharField(
            required=False, help_text="PBN deal, e.g. N:AKQ.…"
        ),
        "strict": serializers.BooleanField(
            **OPTIONAL,
            help_text="default: the event's setting",
        ),
    },
    lambda d, at, ref: cmd.StartBoard(
        table_id=live_play.table_id(ref.tournament_id, ref.session, ref.table),
        board_number=ref.board_number,
        deal=_deal_for(d, ref),
        strict=_strict(d, ref),
        at=at,
        dealer=_dealer_for(ref),
    ),
    director_only=True,
    doc="Put the board on the table (Law 7); strict refuses irregularities outright.",
)
MakeCallApi = table_command(
    "MakeCall",
    {
        "seat": SeatField(),
        "call": serializers.CharField(help_text='"1NT", "P", "X", "XX"'),
    },
    lambda d, at, ref: cmd.MakeCall(
        seat=d["seat"], call=_parse(parse_attempted_call, d["call"], "call"), at=at
    ),
    doc="Make a call, in or out of rotation (Laws 17-39).",
)
MakeAlertApi = table_command(
    "MakeAlert",
    {
        "seat": SeatField(),
        "call_index": serializers.IntegerField(
            min_value=0, max_value=MAX_CALLS, required=False
        ),
    },
    _by_name(cmd.MakeAlert),
    doc="Alert partner's call (Law 20).",
)
GiveExplanationApi = table_command(
    "GiveExplanation",
    {
        "seat": SeatField(),
        "call_index": serializers.IntegerField(min_value=0, max_value=MAX_CALLS),
        "explanation": serializers.CharField(),
    },
    _by_name(cmd.GiveExplanation),
    doc="Explain partner's call on request (Law 20F).",
)
PlayCardApi = table_command(
    "PlayCard",
    {"seat": SeatField(), "card": CardField()},
    _by_name(cmd.PlayCard),
    doc="Lead or play a card (Laws 41-47); irregular plays are recorded with their Law.",
)
ChooseRectificationApi = table_command(
    "ChooseRectification",
    {
        "seat": SeatField(**OPTIONAL),
        "option": serializers.CharField(),
        "comparable": serializers.BooleanField(**OPTIONAL),
        "same_denominations": serializers.BooleanField(**OPTIONAL),
    },
    lambda d, at, ref: cmd.ChooseRectification(
        chooser=d["seat"],
        option=d["option"],
        at=at,
        comparable=d["comparable"],
        same_denominations=d["same_denominations"],
    ),
    doc="Choose an option the Law offers for the pending irregularity (Law 10C).",
)
ClaimTricksApi = table_command(
    "ClaimTricks",
    {
        "seat": SeatField(),
        "tricks": _tricks(),
        "statement": serializers.CharField(allow_blank=True),
    },
    _by_name(cmd.ClaimTricks),
    doc="Claim or concede tricks with a statement (Law 68).",
)
RespondToClaimApi = table_command(
    "RespondToClaim",
    {"seat": SeatField(), "accept": serializers.BooleanField()},
    _by_name(cmd.RespondToClaim),
    doc="Agree to or dispute a claim (Laws 68-69).",
)
AdjudicateClaimApi = table_command(
    "AdjudicateClaim",
    {
        "tricks": _tricks(),
        "reasons": serializers.CharField(),
    },
    _by_name(cmd.AdjudicateClaim),
    director_only=True,
    doc="The director decides a disputed claim and records the reasons (Law 70).",
)

DesignateDummyCardApi = table_command(
    "DesignateDummyCard",
    {
        "designation": serializers.ChoiceField(choices=[d.value for d in Designation]),
        "suit": serializers.ChoiceField(
            choices=[x.value for x in Suit],
            **OPTIONAL,
        ),
        "rank": serializers.CharField(**OPTIONAL),
        "card": CardField(**OPTIONAL),
        "seat": SeatField(**OPTIONAL),
    },
    lambda d, at, ref: cmd.DesignateDummyCard(
        designation=Designation(d["designation"]),
        at=at,
        suit=Suit(d["suit"]) if d["suit"] else None,
        rank=_parse(Rank.parse, d["rank"], "rank") if d["rank"] else None,
        card=d["card"],
        chooser=d["seat"],
    ),
    doc="Declarer's incomplete or invalid designation of dummy's card (Law 46B).",
)
RectifyDefectiveTrickApi = table_command(
    "RectifyDefectiveTrick",
    {
        "seat": SeatField(),
        "trick_number": _tricks(1),
        "defect": serializers.ChoiceField(choices=[k.value for k in DefectKind]),
        "card": CardField(**OPTIONAL),
        "extra": serializers.ListField(child=CardField(), required=False, default=list),
        "faced": CardField(**OPTIONAL),
        "exposed": serializers.BooleanField(default=False),
    },
    lambda d, at, ref: cmd.RectifyDefectiveTrick(
        seat=d["seat"],
        trick_number=d["trick_number"],
        defect=DefectKind(d["defect"]),
        at=at,
        card=d["card"],
        extra=tuple(d["extra"]),
        faced=d["faced"],
        exposed=d["exposed"],
    ),
    director_only=True,
    doc="The director rectifies a defective trick (Law 67).",
)


class BoardPlayDetailApi(APIView):
    """The table as it stands: phase, turn, auction, tricks, pending rectification.

    Before publication, its directors and the players seated at the table."""

    permission_classes = [SessionResultsVisible]

    def player_sees(self, request: Request, sight: Sight) -> bool:
        return seated_at(
            sight, int(self.kwargs["table"]), int(self.kwargs["board_number"])
        )

    @extend_schema(responses={200: dict, 401: PROBLEM, 403: PROBLEM})
    def get(
        self,
        request: Request,
        tournament_id: UUID,
        session: int,
        table: int,
        board_number: int,
    ) -> Response:
        state = live_play.load(_ref(tournament_id, session, table, board_number))
        pending = state.pending
        result = state.recorded_result
        body: dict[str, Any] = {
            "phase": state.phase.value,
            "turn": state.turn.value if state.turn else None,
            "version": state.version,
            "calls": [
                {"seat": c.seat.value, "call": str(c.call)} for c in state.auction.calls
            ]
            if state.auction
            else [],
            "pending": None
            if pending is None
            else {
                "law": str(pending.law),
                "offender": pending.offender.value,
                "options": list(pending.options),
                "choosers": list(pending.choosers),
            },
            "result": None
            if result is None
            else {"contract": result[0], "tricks": result[1]},
        }
        if is_director(request.user, tournament_id):
            if state.deal is not None:
                body["deal"] = state.deal.to_pbn()
            # What a ruling may cite as unauthorized information (Laws 16C, 50E).
            body["information"] = [
                {
                    "law": str(m.law),
                    "unauthorized_for": m.unauthorized_for.value,
                    "cause": str(m.cause),
                    "seat": m.seat.value,
                    "trick": m.trick_number,
                    "card": None if m.card is None else str(m.card),
                }
                for m in state.information
            ]
        return Response(body)


__all__ = [
    "AdjudicateClaimApi",
    "BoardPlayDetailApi",
    "ChooseRectificationApi",
    "ClaimTricksApi",
    "DesignateDummyCardApi",
    "GiveExplanationApi",
    "MakeAlertApi",
    "MakeCallApi",
    "PlayCardApi",
    "RectifyDefectiveTrickApi",
    "RespondToClaimApi",
    "StartBoardApi",
]


class DoubleDummyClaimApi(APIView):
    """The double-dummy outcome of the remaining cards, for the director only.

    Information for a claim ruling (Law 70), never the ruling itself.
    """

    permission_classes = [IsTournamentDirector]

    @extend_schema(
        responses={200: dict, 403: COMMAND_RESPONSES[403], 409: COMMAND_RESPONSES[409]}
    )
    def get(
        self,
        request: Request,
        tournament_id: UUID,
        session: int,
        table: int,
        board_number: int,
    ) -> Response:
        from tournaments.adapters.claim_analysis import declarer_tricks_double_dummy

        state = live_play.load(_ref(tournament_id, session, table, board_number))
        if state.play is None:
            raise live_play.NoDeal("the play has not started: nothing to analyse")
        figures = declarer_tricks_double_dummy(state.play)
        return Response(
            {
                "declarer_tricks_so_far": figures.won_so_far,
                "declarer_tricks_remaining": figures.remaining,
                "declarer_tricks_if_played_out": figures.total_if_played_out,
                "note": "double-dummy information for the director; not a ruling (Law 70)",
            }
        )
