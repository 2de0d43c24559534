"""A weighted or split assigned score (Law 12C1(c), 12C1(e)) in the JSON
(decision 0184): each side's outcomes read back equal; bad weights are
refused naming the path; PBN and USEBIO write the table result it replaced."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from scoring.formats.errors import FormatError
from scoring.formats.json_export import read_json, write_json
from scoring.formats.model import (
    BoardRecord,
    Participant,
    TableResult,
    TournamentHeader,
    TournamentResults,
)
from scoring.formats.pbn import read_pbn, write_pbn
from scoring.formats.usebio import read_usebio, write_usebio

SPLIT = (
    ((420, Decimal("0.7")), (-50, Decimal("0.3"))),
    ((-50, Decimal("1")),),
)


def weighted(split: object = SPLIT) -> TournamentResults:
    return TournamentResults(
        header=TournamentHeader(name="Pesato"),
        participants=(Participant(participant_id="1"), Participant(participant_id="2")),
        boards=(BoardRecord(board_number=1),),
        results=(
            TableResult(
                board_number=1,
                ns_id="1",
                ew_id="2",
                contract="4S",
                declarer="N",
                tricks=9,
                score_ns=-50,
                weighted=split,  # type: ignore[arg-type]
                mp_ns=Decimal(0),
                mp_ew=Decimal(0),
            ),
        ),
    )


def test_the_json_carries_each_sides_outcomes() -> None:
    results = weighted()
    text = write_json(results)
    adjustment = json.loads(text)["boards"][0]["results"][0]["adjustment"]
    assert adjustment == {
        "kind": "weighted",
        "ns": [{"score": 420, "weight": 0.7}, {"score": -50, "weight": 0.3}],
        "ew": [{"score": -50, "weight": 1}],
    }
    assert read_json(text) == results


def test_pbn_and_usebio_write_the_table_result() -> None:
    for back in (
        read_pbn(write_pbn(weighted())),
        read_usebio(write_usebio(weighted())),
    ):
        [line] = back.results
        assert (line.weighted, line.contract, line.score_ns) == (None, "4S", -50)


@pytest.mark.parametrize(
    ("ns", "message"),
    [
        ([{"score": 420, "weight": 0.7}], "do not sum to 1"),
        ([{"score": 420, "weight": 0.755}, {"score": 0, "weight": 0.245}], "2 places"),
        ([{"score": 420}], "weight is missing"),
    ],
)
def test_bad_weights_are_refused_naming_the_path(ns: object, message: str) -> None:
    document = json.loads(write_json(weighted()))
    document["boards"][0]["results"][0]["adjustment"]["ns"] = ns
    with pytest.raises(FormatError, match=message) as error:
        read_json(json.dumps(document))
    assert error.value.element is not None
    assert error.value.element.startswith("boards[0].results[0]")
