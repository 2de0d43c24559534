"""PBN play sections round-trip and replay legally through the engine (PBN 2.1 §3.5)."""

import re
from pathlib import Path

import pytest

from rules.bridge import Contract, Deal, Seat
from rules.bridge.pbn_play import play_from_pbn, play_to_pbn
from rules.bridge.play.leads_and_plays import play_card, start_play

FIXTURE = Path(__file__).parents[3] / "fixtures" / "pbn" / "play_eyc_1998.pbn"
TAG = re.compile(r'^\[(\w+) "([^"]*)"\]$')


def boards() -> list[tuple[dict[str, str], str]]:
    """Return each board's tags and its play section text (tag line to '*')."""
    out = []
    for block in FIXTURE.read_text().split("\n\n"):
        lines = [
            line for line in block.strip().splitlines() if not line.startswith("%")
        ]
        tags = {m.group(1): m.group(2) for line in lines if (m := TAG.match(line))}
        start = next(i for i, line in enumerate(lines) if line.startswith("[Play "))
        end = lines.index("*", start)
        out.append((tags, "\n".join(lines[start : end + 1])))
    return out


BOARDS = boards()


@pytest.mark.parametrize(
    ("tags", "section"), BOARDS, ids=[t["Board"] for t, _ in BOARDS]
)
def test_a_real_play_section_round_trips(tags: dict[str, str], section: str) -> None:
    """Reading then writing gives back the section as published."""
    contract = Contract.parse(tags["Contract"] + tags["Declarer"])
    tricks = play_from_pbn(section, contract.denomination.suit)
    assert play_to_pbn(tricks) == section


@pytest.mark.parametrize(
    ("tags", "section"), BOARDS, ids=[t["Board"] for t, _ in BOARDS]
)
def test_a_real_play_record_is_legal_and_the_engine_agrees_on_every_winner(
    tags: dict[str, str], section: str
) -> None:
    """Strict replay raises nothing; trick winners match Law 44E/F; within the result."""
    deal = Deal.from_pbn(tags["Deal"])
    contract = Contract.parse(tags["Contract"] + tags["Declarer"])
    tricks = play_from_pbn(section, contract.denomination.suit)
    state = start_play(deal, contract, strict=True)
    assert tricks[0].leader is state.turn
    for trick in tricks:
        for played in trick.cards:
            state = play_card(state, played.seat, played.card).state
    complete = [t for t in tricks if t.winner is not None]
    assert [t.winner for t in state.completed] == [t.winner for t in complete]
    declarer_won = state.declarer_tricks
    assert declarer_won <= int(tags["Result"])
    assert len(state.completed) - declarer_won <= 13 - int(tags["Result"])


def test_an_incomplete_last_trick_keeps_the_cards_played_in_order() -> None:
    """'- CJ CQ -' after South won: South and West played, the trick is open."""
    tags, section = BOARDS[1]
    tricks = play_from_pbn(
        section, Contract.parse(tags["Contract"] + "N").denomination.suit
    )
    last = tricks[-1]
    assert last.winner is None
    assert [str(p) for p in last.cards] == ["S:CJ", "W:CQ"]


def test_notes_comments_and_suffixes_are_skipped() -> None:
    """Notes (=1=), NAGs, {comments} and !/? suffixes carry no card."""
    text = '[Play "W"]\nDQ! D3 =1= D4 D2 {good lead}\nSK S2 S4 SJ?\n*'
    tricks = play_from_pbn(text, None)
    assert [t.winner for t in tricks] == [Seat.W, Seat.W]


def test_a_malformed_line_is_refused_with_its_text() -> None:
    """A trick line needs four columns."""
    with pytest.raises(ValueError, match="four columns"):
        play_from_pbn('[Play "W"]\nDQ D3 D4\n*', None)
