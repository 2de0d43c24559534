"""Template helpers of the console: a line's posted value and its error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

from scoring.burraco import equivalent_mp

register = template.Library()


@register.simple_tag
def posted(data: Mapping[str, Any], table: int, board: int, name: str) -> str:
    """What was typed in a round's line, kept when the form comes back."""
    value = data.get(f"r{table}-{board}-{name}", "") if data else ""
    return str(value)[:32]


@register.simple_tag
def line_error(errors: Mapping[str, str], table: int, board: int) -> str:
    return errors.get(f"r{table}-{board}-", "") if errors else ""


@register.filter
def get(data: Mapping[str, Any], key: str) -> Any:
    return data.get(key, "") if data else ""


@register.simple_tag
def is_recorded(recorded: Any, table: int, board: int) -> bool:
    """Whether the batch just answered recorded this line (the read model may
    not show it yet)."""
    return bool(recorded) and (table, board) in recorded


@register.simple_tag
def focus_here(
    errors: Mapping[str, str], table: int, board: int, line: int, row: int
) -> bool:
    """The field the keyboard starts in: the first line (``line`` and ``row``
    both 0), or the first refused one when the form comes back."""
    if errors:
        return next(iter(errors)) == f"r{table}-{board}-"
    return line == 0 and row == 0


@register.simple_tag
def sheet_value(data: Mapping[str, Any], prefix: str, hand: int, column: str) -> str:
    """A burraco sheet's typed value (``t3-h0-fixed_base``), kept when the
    form comes back refused."""
    value = data.get(f"{prefix}h{hand}-{column}", "") if data else ""
    return str(value)[:12]


@register.filter
def at(data: Mapping[Any, Any], key: Any) -> Any:
    """``data[key]`` for a mapping keyed by numbers (a table's error)."""
    return data.get(key, "") if data else ""


@register.filter
def names(entry: Any) -> str:
    """A pair's or team's players as the public may see them."""
    return ", ".join(p.name or p.number for p in entry.people if p.name or p.number)


@register.simple_tag
def sheet_prefix(base: str, table: Any, closed: str) -> str:
    """The field names' prefix of a sheet's hands: ``t3-`` (open room),
    ``t3-c-`` (closed room); ``x-`` for the correction form (no table)."""
    return f"{base}{table}-{closed}" if table else f"{base}-{closed}"


@register.filter
def label_of(page: Any, player_id: Any) -> str:
    """A player of a burraco team as the console names him."""
    return str(page.player_label(player_id))


@register.filter
def lateness_of(page: Any, turn: int) -> Any:
    """A burraco turn's lateness records (decision 0188)."""
    return page.lateness_of(turn)


@register.filter
def absences_of(page: Any, turn: int) -> Any:
    return page.absences_of(turn)


@register.filter
def lost_tables(page: Any, turn: int) -> Any:
    return page.lost_tables(turn)


@register.filter
def waiting_tables(page: Any, turn: int) -> Any:
    return page.waiting_tables(turn)


@register.filter
def minsec(seconds: Any) -> str:
    """Seconds as minutes:seconds (200 -> "3:20")."""
    total = int(seconds)
    return f"{total // 60}:{total % 60:02d}"


@register.filter
def sheet_tables(page: Any, turn: int) -> list[int]:
    """The turn's tables whose result is a sheet (Art. 20: what an
    annulment replaces), with those still waiting for one."""
    return [
        t.table
        for t in page.turns.get(turn, ())
        if t.mobile is not None and (t.result is None or not t.result.awarded)
    ]


@register.filter
def protected_turn(page: Any, turn: int) -> bool:
    """Art. 20: corrected only with the director countersigning."""
    return bool(page.state.protected(turn))


@register.filter
def remedies_of(page: Any, turn: int) -> list[Any]:
    """The turn's tables whose result the director's remedy gave (decision 0217)."""
    return [t for t in page.turns.get(turn, ()) if t.result and t.result.remedy]


@register.filter
def seven_mp(page: Any) -> int:
    """The MP that go with 7 VP in this tournament's format (decision 0069)."""
    return equivalent_mp(7, page.state.match_format)
