"""A NUL character in a CSV sent to the burraco API's ``entries/import/`` is
a malformed request: 400 naming the file and its line, as every other CSV
upload answers (decision 0202), before any row is read or any pair entered.
"""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile

from access.models import RoleGrant
from eventstore.store import Metadata
from registry.domain import PlayerCategory
from registry.handlers import Identity, register_player
from tests.support.auth import token_client
from tests.support.burraco import open_tournament
from tournaments.handlers import load_tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def members(count: int) -> list[str]:
    """``count`` members on the register; their federation numbers."""
    numbers = [str(uuid.uuid4().int)[:12] for _ in range(count)]
    for number in numbers:
        register_player(
            Identity(federation_number=number, family_name="Rossi", given_name="Ada"),
            PlayerCategory.NOT_CLASSIFIED,
            metadata=Metadata(actor="system:tests"),
        )
    return numbers


def test_a_nul_is_a_400_naming_the_file_and_line_and_nothing_is_entered() -> None:
    tid, _meta = open_tournament(0)
    user = get_user_model().objects.create_user(f"td-{uuid.uuid4().hex[:6]}")
    RoleGrant.objects.create(user=user, role="chief_director", tournament_id=tid)
    director = token_client(user)
    path = f"/api/v1/burraco/tournaments/{tid}/entries/import/"
    one, two, three, four = members(4)
    clean = f"pair,member_1,member_2\n1,{one},{two}\n2,{three},{four}\n"
    spoiled = clean.replace(f"2,{three}", f"2,{three}\x00").encode()

    refused = director.post(path, spoiled, content_type="text/csv")
    assert refused.status_code == 400
    body = refused.json()
    assert (body["code"], body["field"], body["file"], body["line"]) == (
        "invalid",
        "file",
        "file",
        3,
    )
    assert body["detail"] == "file, line 3: a NUL character is no part of any text"

    upload = SimpleUploadedFile("iscrizioni.csv", spoiled, content_type="text/csv")
    named = director.post(path, {"file": upload}, format="multipart")
    assert named.status_code == 400
    assert (named.json()["detail"], named.json()["file"]) == (
        "iscrizioni.csv, line 3: a NUL character is no part of any text",
        "iscrizioni.csv",
    )
    assert load_tournament(tid).entries == {}

    # The same rows without the NUL are entered: the 400 was the NUL's.
    entered = director.post(path, clean.encode(), content_type="text/csv")
    assert (entered.status_code, entered.json()["entered"]) == (201, 2)
    assert sorted(load_tournament(tid).entries) == [1, 2]
