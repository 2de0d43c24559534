"""The API's schema documents every format a user types, with examples that
the code itself accepts (issue 18): each adjusted-score form the scorer reads
(Law 12), the player import's CSV columns, the tournament settings."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from burraco.api.tournaments import BurracoTournamentListApi
from registry.importing import COLUMNS, REQUIRED, parse_players
from registry.models import Club
from tournaments.api.tournament_views import TournamentListApi
from tournaments.domain.board_result import parse_adjusted

pytestmark = pytest.mark.django_db

FORMS = [
    "A60/40",
    "A50/50",
    "A40/40",
    "60-40",
    "60%-40%",
    "A6040",
    "assigned:620",
    "assigned:-100",
    "assigned:-420@0.7,-450@0.3",
    "assigned:620@0.5,-100@0.25,-200@0.25",
    "A50/50 no-fault",
    "split:ns=-420;ew=-450",
]


@pytest.fixture(scope="module")
def schema(django_db_blocker: Any) -> dict[str, Any]:
    with django_db_blocker.unblock():
        answer = APIClient().get("/api/schema/", {"format": "json"})
    assert answer.status_code == 200
    document: dict[str, Any] = answer.json()
    return document


def request_of(schema: dict[str, Any], path: str) -> dict[str, Any]:
    body: dict[str, Any] = schema["paths"][path]["post"]["requestBody"]["content"]
    return body


def examples(content: dict[str, Any], media: str = "application/json") -> list[Any]:
    return [e["value"] for e in content[media]["examples"].values()]


def component(schema: dict[str, Any], content: dict[str, Any]) -> dict[str, Any]:
    ref = content["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    found: dict[str, Any] = schema["components"]["schemas"][ref]
    return found


def test_every_adjusted_score_form_is_an_example_the_scorer_accepts(
    schema: dict[str, Any],
) -> None:
    ruling = request_of(
        schema, "/api/v1/tournaments/{tournament_id}/sessions/{session}/rulings/"
    )
    typed = [body["adjusted_score"] for body in examples(ruling)]
    assert typed == FORMS
    for text in typed:
        parse_adjusted(text)  # each one the scorer reads (Law 12)
    help_text = component(schema, ruling)["properties"]["adjusted_score"]["description"]
    assert all(f'"{text}"' in help_text for text in FORMS)
    assert '"reduce:ns=170"' in help_text  # Law 79B3, a ruling's only
    decision = request_of(schema, "/api/v1/appeals/{appeal_id}/decision/")
    scores = [b["adjusted_scores"][0]["score"] for b in examples(decision)]
    assert scores == FORMS


def test_the_player_import_documents_its_columns_with_csv_examples(
    schema: dict[str, Any],
) -> None:
    operation = schema["paths"]["/api/v1/registry/players/imports/"]["post"]
    for key, names in COLUMNS.items():
        need = "required" if key in REQUIRED else "optional"
        assert f"- `{key}` ({need}; also " in operation["description"]
        assert all(f"`{name}`" in operation["description"] for name in names)
    content = operation["requestBody"]["content"]
    csv_examples = examples(content, "text/csv")
    assert [e.splitlines()[0] for e in csv_examples] == [
        "federation_number,family_name,given_name,category,club_code,email",
        "tessera;cognome;nome;categoria;società;e-mail",
    ]
    assert examples(content) == [{"csv": csv_examples[0]}]
    Club.objects.create(code="BRI01", name="Bridge Club Roma")
    for text in csv_examples:
        rows, rejected, _count = parse_players(text)
        assert rejected == []
        assert rows[0].identity.family_name == "Rossi"


def test_the_tournament_settings_have_examples_the_api_accepts(
    schema: dict[str, Any],
) -> None:
    bridge = request_of(schema, "/api/v1/tournaments/")
    bodies = examples(bridge)
    assert [b["form"] for b in bodies] == ["pairs", "teams", "individual"]
    for body in bodies:
        serializer = TournamentListApi.InputSerializer(data=body)
        assert serializer.is_valid(), serializer.errors
    windows = schema["components"]["schemas"]["Windows"]["properties"]
    assert windows["correction_minutes"]["description"].startswith("Law 79C: ")
    assert windows["inadmissible_minutes"]["description"].startswith("FIGB N-L79: ")
    burraco = request_of(schema, "/api/v1/burraco/tournaments/")
    [body] = examples(burraco)
    serializer = BurracoTournamentListApi.InputSerializer(data=body)
    assert serializer.is_valid(), serializer.errors
    assert body["mitchell_turns"] == 3


# Every setting the FIGB regulation gives a value (issue 14): component,
# field, and the norm its description must cite beside its default.
FIGB_SETTINGS = [
    ("Windows", "regulation", "N-L"),
    ("Windows", "correction_minutes", "N-L79"),
    ("Windows", "inadmissible_minutes", "N-L79"),
    ("Windows", "appeal_minutes", "N-L92-93 §2"),
    ("ScoringRules", "averaged_boards", "N-L12"),
    ("ScoringRules", "fouled_boards", "N-L87 §7a"),
    ("ScoringRules", "fouled_split", "N-L87 §7a"),
    ("ScoringRules", "average_revision", "N-L12"),
    ("PlayingConditionsInput", "screens", "N-L8 §1"),
    ("PlayingConditionsInput", "boards_per_hour", "N-L8 §1"),
    ("PlayingConditionsInput", "lateness_reading", "N-L8 §3"),
    ("PlayingConditionsInput", "qualifying_sessions", "N-L4 §2a"),
    ("TournamentListInput", "penalty_overrides", "FIGB penalty catalogue"),
    ("TournamentListInput", "system_category", "FIGB Appendix 1"),
    ("PenaltyOverride", "key", "FIGB catalogue"),
]


@pytest.mark.parametrize(("name", "field", "norm"), FIGB_SETTINGS)
def test_every_figb_setting_documents_its_default_and_its_norm(
    schema: dict[str, Any], name: str, field: str, norm: str
) -> None:
    """Issue 14: "The OpenAPI schema documents every setting with its default
    and its norm"."""
    described = schema["components"]["schemas"][name]["properties"][field]
    text = described.get("description", "")
    assert norm in text, text
    assert "default" in text.lower() or "by default" in text, text


def test_the_docs_group_operations_by_area_with_their_ids_unchanged(
    schema: dict[str, Any],
) -> None:
    """/api/docs/ listed every operation under one "v1" heading."""
    tags = {
        path: operation["tags"]
        for path, item in schema["paths"].items()
        for operation in item.values()
        if isinstance(operation, dict) and "tags" in operation
    }
    assert not [path for path, t in tags.items() if t == ["v1"]]
    assert {t[0] for t in tags.values()} >= {
        "appeals",
        "tournaments",
        "registry",
        "burraco",
        "health",
    }
    assert tags["/api/v1/appeals/"] == ["appeals"]
    assert (
        schema["paths"]["/api/v1/appeals/"]["post"]["operationId"]
        == "v1_appeals_create"
    )
