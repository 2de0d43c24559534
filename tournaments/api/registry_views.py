"""Registry API: clubs, players, pairs and their convention cards, teams.

Federation staff register; a player sees their own record, pairs and teams;
a team's captain (or non-playing captain) and the tournament's directors
declare line-ups. Commands answer 201 with the stream version and positions;
queries read the projection and honour ``?min_position=`` by waiting
(bounded) for it, answering 503 if it does not arrive in time.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.parsers import BaseParser, MultiPartParser
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import problem
from httpapi.pagination import PAGE_PARAMETERS, Page, page_of, paginated
from rules.bridge.card import Suit
from tournaments import registry_handlers as handlers
from tournaments import registry_selectors as selectors
from tournaments.api.common import (
    COMMAND_RESPONSES,
    MAX_ROUND,
    PROBLEM,
    StrictJSONParser,
    created,
    expected,
    idem,
    validated,
)
from tournaments.api.reads import READ_PARAMETERS, by_stream, reads
from tournaments.domain import registry as domain
from tournaments.domain.systems import (
    BrownSticker,
    CategoryContext,
    ConventionCard,
    HumFeature,
    Meaning,
    Method,
    MethodKind,
    NotrumpShape,
    Prealert,
    SuitShown,
    SystemBase,
    SystemCategory,
    SystemCheck,
    SystemColour,
    SystemNotPermitted,
    TournamentForm,
    card_problems,
    check_system,
)
from tournaments.registry_import import import_players
from tournaments.registry_models import Club
from tournaments.registry_projection import RegistryProjection
from tournaments.roles import (
    IsFederationStaff,
    IsThatPlayer,
    is_director,
    is_federation_staff,
    metadata_for,
    player_ids_of,
)

QUERY_RESPONSES = {400: PROBLEM, 401: PROBLEM, 403: PROBLEM, 404: PROBLEM}


# -- helpers -----------------------------------------------------------------


def _own(request: Request) -> set[UUID]:
    return player_ids_of(request.user)


class StaffOrPairPlayer(BasePermission):
    message = "Only federation staff or a player of this pair may see it"

    def has_permission(self, request: Request, view: Any) -> bool:
        if is_federation_staff(request.user):
            return True
        pair_id = view.kwargs.get("pair_id")
        return bool(_own(request) & selectors.pair_player_ids(pair_id))


class StaffOrTeamPerson(BasePermission):
    message = "Only federation staff or a member or captain of this team may see it"

    def has_permission(self, request: Request, view: Any) -> bool:
        if is_federation_staff(request.user):
            return True
        people = selectors.team_people(view.kwargs.get("team_id"))
        named = people["members"] | {
            people["captain_id"],
            people["non_playing_captain_id"],
        }
        return bool(_own(request) & named)


# -- serializers -------------------------------------------------------------


def _choices(enum: Any) -> list[Any]:
    return [e.value for e in enum]


class SuitShownSerializer(serializers.Serializer):
    suit = serializers.ChoiceField(choices=_choices(Suit))
    min_length = serializers.IntegerField(min_value=0, max_value=13, default=0)
    max_length = serializers.IntegerField(min_value=0, max_value=13, default=13)


class NotrumpShapeSerializer(serializers.Serializer):
    longest_suit = serializers.IntegerField(min_value=4, max_value=13, default=6)
    two_longest_suits = serializers.IntegerField(min_value=7, max_value=13, default=9)
    voids = serializers.BooleanField(default=False)


class MeaningSerializer(serializers.Serializer):
    min_hcp = serializers.IntegerField(min_value=0, max_value=37)
    max_hcp = serializers.IntegerField(min_value=0, max_value=37, default=37)
    suits = SuitShownSerializer(many=True, default=list)
    two_suiter_min_length = serializers.IntegerField(
        min_value=0, max_value=13, allow_null=True, default=None
    )
    shape = NotrumpShapeSerializer(allow_null=True, default=None)


class MethodSerializer(serializers.Serializer):
    ref = serializers.CharField(max_length=40)
    kind = serializers.ChoiceField(choices=_choices(MethodKind))
    call = serializers.CharField(max_length=8)
    meanings = MeaningSerializer(many=True, allow_empty=False)
    artificial = serializers.BooleanField(default=False)
    over = serializers.CharField(max_length=8, allow_null=True, default=None)
    over_natural = serializers.BooleanField(default=True)
    stopper_ask = serializers.BooleanField(default=False)
    sheet = serializers.IntegerField(
        min_value=1, max_value=99, allow_null=True, default=None
    )


class ConventionCardSerializer(serializers.Serializer):
    """A convention card as structured data (App1; digest §5.8)."""

    colour = serializers.ChoiceField(choices=_choices(SystemColour))
    base = serializers.ChoiceField(choices=_choices(SystemBase))
    methods = MethodSerializer(many=True, default=list)
    hum_features = serializers.ListField(
        child=serializers.ChoiceField(choices=_choices(HumFeature)), default=list
    )
    brown_stickers = serializers.ListField(
        child=serializers.ChoiceField(choices=_choices(BrownSticker)), default=list
    )
    prealerts = serializers.ListField(
        child=serializers.ChoiceField(choices=_choices(Prealert)), default=list
    )
    varies_by_seat_or_vulnerability = serializers.BooleanField(default=False)
    systems_in_use = serializers.IntegerField(min_value=1, max_value=9, default=1)
    psychics_protected_or_required = serializers.BooleanField(default=False)
    encrypted_signals = serializers.BooleanField(default=False)
    random_openings = serializers.BooleanField(default=False)
    same_system_both_partners = serializers.BooleanField(default=True)
    front_right_items = serializers.ListField(
        child=serializers.CharField(max_length=40), default=list
    )
    supplementary_sheets = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=99), default=list
    )
    full_system_submitted = serializers.BooleanField(default=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        problems = card_problems(to_card(attrs))
        if problems:
            raise serializers.ValidationError({"card": list(problems)})
        return attrs


class CategoryContextSerializer(serializers.Serializer):
    category = serializers.ChoiceField(choices=[c.value for c in SystemCategory])
    form = serializers.ChoiceField(choices=_choices(TournamentForm))
    figb_allows_brown_sticker = serializers.BooleanField(default=False)
    club_allows_hum = serializers.BooleanField(default=True)
    club_allows_brown_sticker = serializers.BooleanField(default=True)


def _meaning(data: dict[str, Any]) -> Meaning:
    shape = data.get("shape")
    return Meaning(
        min_hcp=data["min_hcp"],
        max_hcp=data.get("max_hcp", 37),
        suits=tuple(
            SuitShown(
                suit=Suit(s["suit"]),
                min_length=s.get("min_length", 0),
                max_length=s.get("max_length", 13),
            )
            for s in data.get("suits", [])
        ),
        two_suiter_min_length=data.get("two_suiter_min_length"),
        shape=NotrumpShape(**shape) if shape else None,
    )


def to_card(data: dict[str, Any]) -> ConventionCard:
    """Build the domain card from validated serializer data."""
    return ConventionCard(
        colour=SystemColour(data["colour"]),
        base=SystemBase(data["base"]),
        methods=tuple(
            Method(
                ref=m["ref"],
                kind=MethodKind(m["kind"]),
                call=m["call"],
                meanings=tuple(_meaning(x) for x in m["meanings"]),
                artificial=m.get("artificial", False),
                over=m.get("over"),
                over_natural=m.get("over_natural", True),
                stopper_ask=m.get("stopper_ask", False),
                sheet=m.get("sheet"),
            )
            for m in data.get("methods", [])
        ),
        hum_features=tuple(HumFeature(f) for f in data.get("hum_features", [])),
        brown_stickers=tuple(BrownSticker(b) for b in data.get("brown_stickers", [])),
        prealerts=tuple(Prealert(p) for p in data.get("prealerts", [])),
        varies_by_seat_or_vulnerability=data.get(
            "varies_by_seat_or_vulnerability", False
        ),
        systems_in_use=data.get("systems_in_use", 1),
        psychics_protected_or_required=data.get(
            "psychics_protected_or_required", False
        ),
        encrypted_signals=data.get("encrypted_signals", False),
        random_openings=data.get("random_openings", False),
        same_system_both_partners=data.get("same_system_both_partners", True),
        front_right_items=tuple(data.get("front_right_items", [])),
        supplementary_sheets=tuple(data.get("supplementary_sheets", [])),
        full_system_submitted=data.get("full_system_submitted", False),
    )


def to_context(data: dict[str, Any]) -> CategoryContext:
    return CategoryContext(
        category=SystemCategory(int(data["category"])),
        form=TournamentForm(data["form"]),
        figb_allows_brown_sticker=data["figb_allows_brown_sticker"],
        club_allows_hum=data["club_allows_hum"],
        club_allows_brown_sticker=data["club_allows_brown_sticker"],
    )


def _finding_json(finding: Any) -> dict[str, Any]:
    return {
        "code": finding.code,
        "severity": finding.severity.value,
        "citation": finding.citation,
        "message": finding.message,
        "method_ref": finding.method_ref,
    }


def check_json(check: SystemCheck) -> dict[str, Any]:
    return {
        "permitted": check.permitted,
        "suggested_colour": check.suggested_colour.value,
        "hum_features": [f.value for f in check.hum_features],
        "brown_stickers": [b.value for b in check.brown_stickers],
        "findings": [_finding_json(f) for f in check.findings],
    }


def not_permitted(error: SystemNotPermitted) -> Response:
    """422 naming every App1 failure, not only the first."""
    return problem(
        422,
        error.code,
        type(error).__name__,
        error.message,
        law=str(error.law),
        failures=[_finding_json(f) for f in error.failures],
    )


# -- clubs -------------------------------------------------------------------


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["club_id", "code", "name", "city"]
        read_only_fields = ["club_id"]


class ClubListApi(APIView):
    """``GET``: every club. ``POST``: register a club (a plain record)."""

    permission_classes = [IsFederationStaff]
    pagination_class = Page

    @extend_schema(responses=ClubSerializer(many=True))
    def get(self, request: Request) -> Response:
        clubs = Club.objects.order_by("code", "club_id")
        return paginated(
            self, request, clubs, lambda page: ClubSerializer(page, many=True).data
        )

    @extend_schema(
        request=ClubSerializer, responses={201: ClubSerializer, 400: PROBLEM}
    )
    def post(self, request: Request) -> Response:
        serializer = ClubSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        serializer.save()
        return Response(serializer.data, status=status.HTTP_201_CREATED)


class ClubDetailApi(APIView):
    permission_classes = [IsFederationStaff]

    def _club(self, club_id: UUID) -> Club:
        club = Club.objects.filter(club_id=club_id).first()
        if club is None:
            raise NotFound("no such club")
        return club

    @extend_schema(responses={200: ClubSerializer, 404: PROBLEM})
    def get(self, request: Request, club_id: UUID) -> Response:
        return Response(ClubSerializer(self._club(club_id)).data)

    @extend_schema(
        request=ClubSerializer, responses={200: ClubSerializer, 404: PROBLEM}
    )
    def patch(self, request: Request, club_id: UUID) -> Response:
        serializer = ClubSerializer(
            self._club(club_id), data=request.data, partial=True
        )
        serializer.is_valid(raise_exception=True)
        serializer.save()
        return Response(serializer.data)


# -- players -----------------------------------------------------------------


class IdentitySerializer(serializers.Serializer):
    federation_number = serializers.RegexField(r"^\d{1,12}$", max_length=12)
    family_name = serializers.CharField(max_length=100)
    given_name = serializers.CharField(max_length=100)
    email = serializers.EmailField(required=False, allow_blank=True, default="")


class PlayerListApi(APIView):
    """``GET``: the register (staff). ``POST``: register a player (staff)."""

    permission_classes = [IsFederationStaff]
    pagination_class = Page

    class RegisterPlayerSerializer(IdentitySerializer):
        player_id = serializers.UUIDField(required=False)
        category = serializers.ChoiceField(choices=_choices(domain.PlayerCategory))
        club_id = serializers.UUIDField(required=False, allow_null=True, default=None)

    class QuerySerializer(serializers.Serializer):
        club_id = serializers.UUIDField(required=False, allow_null=True, default=None)
        category = serializers.ChoiceField(
            choices=_choices(domain.PlayerCategory), required=False, default=None
        )
        search = serializers.CharField(max_length=100, required=False, default=None)

    @extend_schema(
        operation_id="registry_players_list",
        parameters=[
            *READ_PARAMETERS,
            OpenApiParameter("club_id", UUID),
            OpenApiParameter("category", str),
            OpenApiParameter("search", str, description="name or federation number"),
            *PAGE_PARAMETERS,
        ],
        responses={200: page_of(), **QUERY_RESPONSES},
    )
    @reads(RegistryProjection.name)
    def get(self, request: Request) -> Response:
        query = {k: v for k, v in request.query_params.items() if v != ""}
        for name in ("min_position", "limit", "offset"):
            query.pop(name, None)
        rows = selectors.player_list(**validated(self.QuerySerializer, query))
        return paginated(self, request, rows, selectors.players_json)

    @extend_schema(request=RegisterPlayerSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request) -> Response:
        data = validated(self.RegisterPlayerSerializer, request.data)
        identity = handlers.Identity(
            federation_number=data["federation_number"],
            family_name=data["family_name"],
            given_name=data["given_name"],
            email=data.get("email", ""),
        )
        player_id, result = handlers.register_player(
            identity,
            domain.PlayerCategory(data["category"]),
            data.get("club_id"),
            metadata=metadata_for(request, command="register_player"),
            player_id=data.get("player_id"),
        )
        return created(result, player_id=player_id)


class PlayerDetailApi(APIView):
    """``GET``: staff, or the player themself. ``PATCH``: staff correct identity."""

    def get_permissions(self) -> list[BasePermission]:
        if self.request.method == "GET":
            return [(IsFederationStaff | IsThatPlayer)()]  # type: ignore[operator]
        return [IsFederationStaff()]

    @extend_schema(parameters=READ_PARAMETERS, responses={200: dict, **QUERY_RESPONSES})
    @reads(RegistryProjection.name, partition=by_stream("player_id"))
    def get(self, request: Request, player_id: UUID) -> Response:
        player = selectors.player_detail(player_id)
        if player is None:
            raise NotFound("no such player")
        return Response(player)

    class CorrectIdentitySerializer(serializers.Serializer):
        federation_number = serializers.RegexField(
            r"^\d{1,12}$", max_length=12, required=False
        )
        family_name = serializers.CharField(max_length=100, required=False)
        given_name = serializers.CharField(max_length=100, required=False)
        email = serializers.EmailField(required=False, allow_blank=True)

    @extend_schema(
        request=CorrectIdentitySerializer, responses={200: dict, 404: PROBLEM}
    )
    def patch(self, request: Request, player_id: UUID) -> Response:
        changes = validated(self.CorrectIdentitySerializer, request.data)
        row = handlers.update_identity(player_id, **changes)
        return Response(
            {
                "player_id": str(row.player_id),
                "federation_number": row.federation_number,
                "family_name": row.family_name,
                "given_name": row.given_name,
                "email": row.email,
            }
        )


class AffiliatePlayerApi(APIView):
    """Record a player's club (affiliation or transfer)."""

    permission_classes = [IsFederationStaff]

    class AffiliatePlayerSerializer(serializers.Serializer):
        club_id = serializers.UUIDField()

    @extend_schema(request=AffiliatePlayerSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, player_id: UUID) -> Response:
        data = validated(self.AffiliatePlayerSerializer, request.data)
        result = handlers.affiliate_player(
            player_id,
            data["club_id"],
            metadata=metadata_for(request, command="affiliate_player"),
            idempotency_key=idem(request),
            expected_version=expected(request),
        )
        return created(result, player_id=player_id)


class ChangePlayerCategoryApi(APIView):
    """Record a player's new FIGB category (N-L4 §2a)."""

    permission_classes = [IsFederationStaff]

    class ChangePlayerCategorySerializer(serializers.Serializer):
        category = serializers.ChoiceField(choices=_choices(domain.PlayerCategory))

    @extend_schema(request=ChangePlayerCategorySerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, player_id: UUID) -> Response:
        data = validated(self.ChangePlayerCategorySerializer, request.data)
        result = handlers.change_player_category(
            player_id,
            domain.PlayerCategory(data["category"]),
            metadata=metadata_for(request, command="change_player_category"),
            idempotency_key=idem(request),
            expected_version=expected(request),
        )
        return created(result, player_id=player_id)


class ForgetPlayerApi(APIView):
    """Erase a player's personal data; results stay under the id (§6.8)."""

    permission_classes = [IsFederationStaff]

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def post(self, request: Request, player_id: UUID) -> Response:
        result = handlers.forget_player(
            player_id,
            metadata=metadata_for(request, command="forget_player"),
            idempotency_key=idem(request),
        )
        return created(result, player_id=player_id)


class CsvParser(BaseParser):
    media_type = "text/csv"

    def parse(
        self, stream: Any, media_type: Any = None, parser_context: Any = None
    ) -> Any:
        return stream.read()


class ImportPlayersApi(APIView):
    """Register players in bulk from CSV; nothing is written if any row is rejected.

    Body: ``text/csv``, a multipart ``file``, or JSON ``{"csv": "..."}``.
    ``?dry_run=true`` checks without writing. 422 lists every rejected row.
    """

    permission_classes = [IsFederationStaff]
    parser_classes = [CsvParser, MultiPartParser, StrictJSONParser]

    @extend_schema(
        request={
            "text/csv": {"type": "string"},
            "multipart/form-data": {
                "type": "object",
                "properties": {"file": {"type": "string", "format": "binary"}},
            },
        },
        parameters=[OpenApiParameter("dry_run", bool)],
        responses={
            200: OpenApiResponse(description="dry run or nothing new: the report"),
            201: OpenApiResponse(description="players registered: the report"),
            400: PROBLEM,
            403: PROBLEM,
            409: PROBLEM,
            422: OpenApiResponse(description="rejected rows: row, column, reason"),
        },
    )
    def post(self, request: Request) -> Response:
        data: Any = request.data
        if isinstance(data, bytes | str):
            content = data
        elif hasattr(data, "get") and hasattr(data.get("file"), "read"):
            content = data["file"].read()
        elif hasattr(data, "get") and isinstance(data.get("csv"), str):
            content = data["csv"]
        else:
            return problem(
                400,
                "invalid",
                "ValidationError",
                "send a CSV file: text/csv, a multipart file or JSON csv text",
                field="file",
            )
        dry_run = request.query_params.get("dry_run", "").lower() in ("1", "true")
        report = import_players(
            content,
            metadata=metadata_for(request, command="import_players"),
            dry_run=dry_run,
        )
        body = report.as_json()
        if report.rejected:
            return problem(
                422,
                "import_rejected",
                "ImportRejected",
                f"{len(report.rejected)} problem(s) found; nothing was written",
                **body,
            )
        code = status.HTTP_201_CREATED if report.written else status.HTTP_200_OK
        return Response(body, status=code)


# -- pairs -------------------------------------------------------------------


class PairListApi(APIView):
    """``GET``: pairs (staff: all; a player: their own). ``POST``: form a pair."""

    pagination_class = Page

    def get_permissions(self) -> list[BasePermission]:
        if self.request.method == "GET":
            return [IsAuthenticated()]
        return [IsFederationStaff()]

    class FormPairSerializer(serializers.Serializer):
        player_ids = serializers.ListField(
            child=serializers.UUIDField(), min_length=2, max_length=2
        )

    @extend_schema(
        operation_id="registry_pairs_list",
        parameters=[*READ_PARAMETERS, *PAGE_PARAMETERS],
        responses={200: page_of(), **QUERY_RESPONSES},
    )
    @reads(RegistryProjection.name)
    def get(self, request: Request) -> Response:
        mine = None if is_federation_staff(request.user) else _own(request)
        rows = selectors.pair_list(player_ids=mine)
        return paginated(self, request, rows, selectors.pairs_json)

    @extend_schema(request=FormPairSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request) -> Response:
        data = validated(self.FormPairSerializer, request.data)
        a, b = data["player_ids"]
        result = handlers.form_pair(
            (a, b),
            metadata=metadata_for(request, command="form_pair"),
            idempotency_key=idem(request),
        )
        return created(result, pair_id=result.stream_id)


class PairDetailApi(APIView):
    permission_classes = [StaffOrPairPlayer]

    @extend_schema(parameters=READ_PARAMETERS, responses={200: dict, **QUERY_RESPONSES})
    @reads(RegistryProjection.name, partition=by_stream("pair_id"))
    def get(self, request: Request, pair_id: UUID) -> Response:
        pair = selectors.pair_detail(pair_id)
        if pair is None:
            raise NotFound("no such pair")
        return Response(pair)


class DeclareConventionCardApi(APIView):
    """Declare a pair's convention card for an event category (App1)."""

    permission_classes = [IsFederationStaff]

    class DeclareConventionCardSerializer(serializers.Serializer):
        card = ConventionCardSerializer()
        context = CategoryContextSerializer()
        tournament_id = serializers.UUIDField(required=False, allow_null=True)
        championship_starts_at = serializers.DateTimeField(
            required=False, allow_null=True
        )

    @extend_schema(request=DeclareConventionCardSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, pair_id: UUID) -> Response:
        data = validated(self.DeclareConventionCardSerializer, request.data)
        command = domain.DeclareConventionCard(
            pair_id=pair_id,
            card=to_card(data["card"]),
            context=to_context(data["context"]),
            tournament_id=data.get("tournament_id"),
            championship_starts_at=data.get("championship_starts_at"),
        )
        try:
            result = handlers.declare_convention_card(
                command,
                metadata=metadata_for(
                    request, data.get("tournament_id"), "declare_convention_card"
                ),
                idempotency_key=idem(request),
                expected_version=expected(request),
            )
        except SystemNotPermitted as error:
            return not_permitted(error)
        return created(result, pair_id=pair_id)


class CheckSystemApi(APIView):
    """Check a card against a category without recording it (App1; digest §5.8)."""

    permission_classes = [IsAuthenticated]

    class CheckSystemSerializer(serializers.Serializer):
        card = ConventionCardSerializer()
        context = CategoryContextSerializer()

    @extend_schema(
        request=CheckSystemSerializer,
        responses={
            200: inline_serializer(
                "SystemCheck",
                {
                    "permitted": serializers.BooleanField(),
                    "suggested_colour": serializers.CharField(),
                    "hum_features": serializers.ListField(),
                    "brown_stickers": serializers.ListField(),
                    "findings": serializers.ListField(child=serializers.DictField()),
                },
            ),
            400: PROBLEM,
        },
    )
    def post(self, request: Request) -> Response:
        data = validated(self.CheckSystemSerializer, request.data)
        check = check_system(to_card(data["card"]), to_context(data["context"]))
        return Response(check_json(check))


# -- teams -------------------------------------------------------------------


class TeamListApi(APIView):
    """``GET``: teams (staff: all; a player: their own). ``POST``: form a team."""

    pagination_class = Page

    def get_permissions(self) -> list[BasePermission]:
        if self.request.method == "GET":
            return [IsAuthenticated()]
        return [IsFederationStaff()]

    class FormTeamSerializer(serializers.Serializer):
        team_id = serializers.UUIDField(required=False)
        name = serializers.CharField(max_length=120)
        member_ids = serializers.ListField(child=serializers.UUIDField(), max_length=12)
        captain_id = serializers.UUIDField()
        non_playing_captain_id = serializers.UUIDField(required=False, allow_null=True)

    @extend_schema(
        operation_id="registry_teams_list",
        parameters=[*READ_PARAMETERS, *PAGE_PARAMETERS],
        responses={200: page_of(), **QUERY_RESPONSES},
    )
    @reads(RegistryProjection.name)
    def get(self, request: Request) -> Response:
        mine = None if is_federation_staff(request.user) else _own(request)
        rows = selectors.team_list(player_ids=mine)
        return paginated(self, request, rows, selectors.teams_json)

    @extend_schema(request=FormTeamSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request) -> Response:
        data = validated(self.FormTeamSerializer, request.data)
        team_id, result = handlers.form_team(
            data["name"],
            tuple(data["member_ids"]),
            data["captain_id"],
            data.get("non_playing_captain_id"),
            metadata=metadata_for(request, command="form_team"),
            team_id=data.get("team_id"),
            idempotency_key=idem(request),
        )
        return created(result, team_id=team_id)


class TeamDetailApi(APIView):
    permission_classes = [StaffOrTeamPerson]

    @extend_schema(parameters=READ_PARAMETERS, responses={200: dict, **QUERY_RESPONSES})
    @reads(RegistryProjection.name, partition=by_stream("team_id"))
    def get(self, request: Request, team_id: UUID) -> Response:
        team = selectors.team_detail(team_id)
        if team is None:
            raise NotFound("no such team")
        return Response(team)


def _team_command(request: Request, command: domain.TeamCommand, name: str) -> Response:
    tournament_id = getattr(command, "tournament_id", None)
    result = handlers.change_team(
        command,
        metadata=metadata_for(request, tournament_id, name),
        idempotency_key=idem(request),
        expected_version=expected(request),
    )
    return created(result, team_id=command.team_id)


class AddTeamMemberApi(APIView):
    permission_classes = [IsFederationStaff]

    class AddTeamMemberSerializer(serializers.Serializer):
        player_id = serializers.UUIDField()

    @extend_schema(request=AddTeamMemberSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, team_id: UUID) -> Response:
        data = validated(self.AddTeamMemberSerializer, request.data)
        command = domain.AddTeamMember(team_id=team_id, player_id=data["player_id"])
        return _team_command(request, command, "add_team_member")


class RemoveTeamMemberApi(APIView):
    permission_classes = [IsFederationStaff]

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def delete(self, request: Request, team_id: UUID, player_id: UUID) -> Response:
        command = domain.RemoveTeamMember(team_id=team_id, player_id=player_id)
        return _team_command(request, command, "remove_team_member")


class AppointCaptainApi(APIView):
    permission_classes = [IsFederationStaff]

    class AppointCaptainSerializer(serializers.Serializer):
        captain_id = serializers.UUIDField()

    @extend_schema(request=AppointCaptainSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, team_id: UUID) -> Response:
        data = validated(self.AppointCaptainSerializer, request.data)
        command = domain.AppointCaptain(team_id=team_id, captain_id=data["captain_id"])
        return _team_command(request, command, "appoint_captain")


class LineupApi(APIView):
    """``GET``: a team's line-ups. ``POST``: declare one (N-L4 §1).

    Staff, a director of the tournament, or the team's captain or
    non-playing captain declare; only staff or a director may change a
    line-up already declared (N-L4 §1: the Director's permission).
    """

    class DeclareLineupSerializer(serializers.Serializer):
        tournament_id = serializers.UUIDField()
        match_id = serializers.UUIDField()
        segment = serializers.IntegerField(min_value=1, max_value=MAX_ROUND)
        open_room = serializers.ListField(
            child=serializers.UUIDField(), min_length=2, max_length=2
        )
        closed_room = serializers.ListField(
            child=serializers.UUIDField(), min_length=2, max_length=2
        )

    def get_permissions(self) -> list[BasePermission]:
        if self.request.method == "GET":
            return [StaffOrTeamPerson()]
        return [IsAuthenticated()]

    @extend_schema(
        parameters=[*READ_PARAMETERS, OpenApiParameter("tournament_id", UUID)],
        responses={200: dict, **QUERY_RESPONSES},
    )
    @reads(RegistryProjection.name, partition=by_stream("team_id"))
    def get(self, request: Request, team_id: UUID) -> Response:
        raw = request.query_params.get("tournament_id")
        try:
            tournament_id = UUID(raw) if raw else None
        except ValueError:
            return problem(400, "invalid", "ValidationError", "tournament_id is a UUID")
        return Response(selectors.team_lineups(team_id, tournament_id))

    @extend_schema(request=DeclareLineupSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, team_id: UUID) -> Response:
        data = validated(self.DeclareLineupSerializer, request.data)
        tournament_id = data["tournament_id"]
        official = is_federation_staff(request.user) or is_director(
            request.user, tournament_id
        )
        if not official:
            state, _ = handlers.load_team(team_id)
            captains = {state.captain_id, state.non_playing_captain_id} - {None}
            if not _own(request) & captains:
                return problem(
                    403,
                    "permission_denied",
                    "PermissionDenied",
                    "Only the team's captain, a director or staff may declare it",
                )
        a, b = data["open_room"]
        c, d = data["closed_room"]
        command = domain.DeclareLineup(
            team_id=team_id,
            tournament_id=tournament_id,
            match_id=data["match_id"],
            segment=data["segment"],
            open_room=(a, b),
            closed_room=(c, d),
            change_authorised=official,
        )
        return _team_command(request, command, "declare_lineup")
