"""The PBN auction section: calls, "AP", alerts "!" and notes "=n=".

Portable Bridge Notation 2.1, section 3.5 (the Auction section) with the
[Note] tag. ``!`` marks an alerted call (the common reading in PBN files,
although PBN 2.1 defines ``!`` as the "good call" suffix annotation; see
decision 0014); ``=n=`` refers to ``[Note "n:text"]``, kept as the call's
explanation (Law 20F). ``AP`` stands for the passes that end the auction.
Calls are replayed through the Laws engine in strict mode, so an
irregular call raises ValueError naming its Law.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from rules.bridge.alerts import annotate_call
from rules.bridge.auction import Auction
from rules.bridge.auction_procedure import record_call
from rules.bridge.call import PASS, Bid, Call, Double, Pass, Redouble, parse_call
from rules.bridge.seat import Seat
from rules.errors import DomainError

__all__ = ["auction_from_pbn", "auction_to_pbn", "iter_auction_sections"]

_NOTE_TAG = re.compile(r'^\[Note\s+"(\d+):(.*)"\]\s*$')
_NOTE_REF = re.compile(r"^=(\d+)=$")
_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
_COMMENT = re.compile(r"\{[^}]*\}")


def _pbn_call(call: Call) -> str:
    if isinstance(call, Pass):
        return "Pass"
    if isinstance(call, Bid | Double | Redouble):
        return str(call)
    raise ValueError(f"{call!r} is not a call")  # pragma: no cover


def _split(text: str) -> tuple[list[str], dict[int, str]]:
    tokens: list[str] = []
    notes: dict[int, str] = {}
    for line in text.splitlines():
        stripped = _COMMENT.sub(" ", line).strip()
        if not stripped or stripped.startswith((";", "%")):
            continue
        note = _NOTE_TAG.match(stripped)
        if note is not None:
            notes[int(note.group(1))] = note.group(2)
            continue
        if _TAG.match(stripped):
            raise ValueError(f"unexpected tag in the auction section: {stripped!r}")
        for token in stripped.split():
            if token.endswith("!") and token != "!":
                tokens.extend((token[:-1], "!"))
            else:
                tokens.append(token)
    return tokens, notes


def auction_from_pbn(
    dealer: Seat, text: str, notes: Mapping[int, str] | None = None
) -> Auction:
    """Parse a PBN auction section (the lines after ``[Auction "<dealer>"]``).

    ``text`` may include its ``[Note "n:..."]`` tags; ``notes`` adds more.
    A note without text keeps "" as the explanation.
    """
    tokens, found = _split(text)
    all_notes = {**found, **(notes or {})}
    auction = Auction(dealer)
    index = -1
    for token in tokens:
        if token == "!":
            if index < 0:
                raise ValueError("an alert must follow a call")
            auction = annotate_call(auction, index, alerted=True)
            continue
        ref = _NOTE_REF.match(token)
        if ref is not None:
            if index < 0:
                raise ValueError("a note must follow a call")
            auction = annotate_call(
                auction, index, explanation=all_notes.get(int(ref.group(1)), "")
            )
            continue
        if token.upper() == "AP":
            while not auction.is_complete:
                auction = _record(auction, PASS, token)
            index = len(auction.calls) - 1
            continue
        if auction.is_complete:
            raise ValueError(f"call {token!r} after the end of the auction")
        auction = _record(auction, _parse(token), token)
        index = len(auction.calls) - 1
    return auction


def _parse(token: str) -> Call:
    try:
        return parse_call(token)
    except ValueError:
        raise ValueError(f"{token!r} is not a PBN call") from None


def _record(auction: Auction, call: Call, token: str) -> Auction:
    seat = auction.turn
    assert seat is not None
    try:
        return record_call(auction, seat, call, strict=True)
    except DomainError as error:
        raise ValueError(
            f"{token!r} by {seat}: {error.message} ({error.law})"
        ) from None


def auction_to_pbn(auction: Auction, *, tag: bool = False) -> str:
    """Return the auction section text: four calls a line, then its notes.

    Alerted calls carry ``!``; an explanation becomes ``=n=`` with a
    ``[Note "n:text"]`` tag. With ``tag`` the ``[Auction "<dealer>"]`` line
    comes first.
    """
    words: list[str] = []
    notes: list[str] = []
    for entry in auction.calls:
        word = _pbn_call(entry.call) + ("!" if entry.alerted else "")
        if entry.explanation is not None:
            notes.append(entry.explanation)
            word += f" ={len(notes)}="
        words.append(word)
    lines = [" ".join(words[i : i + 4]) for i in range(0, len(words), 4)]
    lines += [f'[Note "{n}:{text}"]' for n, text in enumerate(notes, start=1)]
    if tag:
        lines.insert(0, f'[Auction "{auction.dealer.value}"]')
    return "\n".join(lines)


def iter_auction_sections(pbn: str) -> Iterator[tuple[Seat, str]]:
    """Yield (dealer, section text) for each ``[Auction]`` section of a PBN file.

    The section runs to the next tag other than ``[Note]`` (Notes stay in).
    """
    dealer: Seat | None = None
    body: list[str] = []
    for line in pbn.splitlines():
        stripped = line.strip()
        tag = _TAG.match(stripped)
        if tag is not None and tag.group(1) != "Note":
            if dealer is not None:
                yield dealer, "\n".join(body)
                dealer, body = None, []
            if tag.group(1) == "Auction":
                dealer = Seat.parse(tag.group(2))
            continue
        if dealer is not None:
            body.append(line)
    if dealer is not None:
        yield dealer, "\n".join(body)
