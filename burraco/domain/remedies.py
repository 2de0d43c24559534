"""The director's remedies a sheet cannot carry, and his reports to Sports Justice.

F.I.Bur. Codice di Gara, April 2024 edition:

- Art. 20: no correction to a sheet of the single group's last turn or of a
  merit-group turn without the director called to countersign it; if the
  players change it without him and the change would bring an immediate
  advantage (entry to a higher group, a prize), "il risultato a giudizio
  dell'arbitro potrà essere annullato ... e sarà assegnato alle due coppie
  il punteggio di 7 a 7. L'arbitro dovrà segnalare l'accaduto agli organi
  di Giustizia Sportiva". The director decides (digest Q19); the engine
  records it, checks that the turn is protected and that the advantage
  named can be at stake there, and gives the 7-7 with the MP the table
  makes equivalent (the Italian text gives no MP; decision 0069).
- Art. 38: "in caso di abbandono per litigio, contestazione ecc." the
  guilty pair is referred to Sports Justice, loses the match 0 and may not
  rejoin the tournament; the innocent pair takes 13 VP and 505 MP (4
  hands) "escluso il caso in cui l'arbitro non accerta che la stessa ha già
  acquisito un punteggio superiore" (read, with the digest, as: unless it
  had already scored more).
- Art. 38: a hand suspended for the misconduct of both pairs: 7 VP and
  -505 MP each (4 hands; teams -555 MP).
- Art. 38: "se entrambe le coppie al tavolo abbandonano il punteggio loro
  attribuito sarà 0"; like every abandonment, both are out of the later
  turns, whose opponents win (``absences.away``).
- I poteri dell'arbitro (b): the director may report to Sports Justice any
  conduct against the ethics of the game; a report is a recorded event.

Each remedy's result stands over the table's sheet (decision 0217).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from burraco.domain.awards import in_play
from burraco.domain.commands import (
    AnnulAlteredSheet,
    RecordBothAbandoned,
    RecordQuarrel,
    RemedyCommand,
    ReportToSportsJustice,
    SuspendForMisconduct,
)
from burraco.domain.errors import (
    CorrectionWindowClosed,
    InvalidLines,
    InvalidSheet,
    RemedyNotAllowed,
    ReportRequired,
    SheetAlreadyEntered,
    TurnNotCurrent,
)
from burraco.domain.events import BurracoEvent, PairAbandoned
from burraco.domain.guards import not_awarded, table_at
from burraco.domain.remedy_events import (
    ADVANTAGE_HIGHER_GROUP,
    ADVANTAGES,
    AlteredSheetAnnulled,
    BothPairsAbandoned,
    MisconductSuspended,
    QuarrelAbandonment,
    SportsJusticeReported,
)
from burraco.domain.sheets import scored
from burraco.domain.state import BurracoState
from burraco.domain.values import REST
from rules.burraco.articles import art, powers
from rules.burraco.errors import InvalidSetting
from rules.burraco.lateness import AwardedScore
from rules.errors import ArticleRef
from scoring.burraco import (
    annulled_correction,
    both_abandoned,
    misconduct_suspension,
    quarrel_abandonment,
)

__all__ = ["MAX_REPORT", "remedy", "report"]

MAX_REPORT = 2000
"""A report's text, in characters: a page of the director's own words."""

ART_20 = art(20)
ART_38 = art(38)


def remedy(
    state: BurracoState, command: RemedyCommand, now: datetime
) -> list[BurracoEvent]:
    """Return the events of one of the director's remedies, or refuse it."""
    match command:
        case AnnulAlteredSheet():
            return _annul(state, command, now)
        case RecordQuarrel():
            return _quarrel(state, command, now)
        case SuspendForMisconduct():
            return _misconduct(state, command, now)
        case RecordBothAbandoned():
            return _both(state, command, now)
        case ReportToSportsJustice():
            return [report(state, command, now)]


def _seated(state: BurracoState, turn: int, table: int) -> tuple[int, ...]:
    """The entries at the table (a giallo's four players), for a report."""
    position = state.position(turn, table)
    if position is None:
        return ()
    return tuple(
        entry
        for line in (position.fixed, position.mobile)
        if line != REST
        for entry in position.players(line)
    )


def _reported(
    state: BurracoState,
    *,
    article: ArticleRef,
    turn: int,
    table: int | None,
    pairs: Iterable[int],
    text: str,
    now: datetime,
    field: str = "report",
) -> SportsJusticeReported:
    said = text.strip()
    if not said:
        raise ReportRequired(
            "the report to the Sports Justice bodies states what happened",
            field=field,
            law=article,
        )
    if len(said) > MAX_REPORT:
        raise ReportRequired(
            f"a report holds at most {MAX_REPORT} characters, not {len(said)}",
            field=field,
            value=len(said),
            law=article,
        )
    return SportsJusticeReported(
        number=len(state.reports) + 1,
        article=str(article),
        turn=turn,
        table=table,
        pairs=tuple(sorted(set(pairs))),
        text=said,
        reported_at=now,
    )


def report(
    state: BurracoState, command: ReportToSportsJustice, now: datetime
) -> SportsJusticeReported:
    """Record the director's report (I poteri dell'arbitro b; Arts. 20, 38).

    Taken until the end, the final standings included: a report changes no
    result, and the director often writes it once the room is closed.
    """
    try:
        article = powers("b") if command.article is None else art(command.article)
    except ValueError as error:
        raise InvalidSetting(
            str(error), field="article", value=command.article
        ) from None
    if not 1 <= command.turn <= state.current_turn:
        raise TurnNotCurrent(
            f"turn {command.turn} is not played yet",
            field="turn",
            value=command.turn,
            law=article,
        )
    if command.table is not None:
        table_at(state, command.turn, command.table)
    for entry in command.pairs:
        if entry not in state.pairs:
            raise InvalidLines(
                f"pair {entry} is not in the movement",
                field="pairs",
                value=entry,
                law=article,
            )
    return _reported(
        state,
        article=article,
        turn=command.turn,
        table=command.table,
        pairs=command.pairs,
        text=command.text,
        now=now,
        field="text",
    )


def _unplayed(state: BurracoState, turn: int, table: int, article: int) -> None:
    """The table in play has no result yet: a remedy replaces no sheet."""
    existing = state.results.get((turn, table))
    not_awarded(existing)
    if existing is not None:
        raise SheetAlreadyEntered(
            f"table {table}'s turn {turn} has its result: the match was played",
            law=art(article),
        )


def _annul(
    state: BurracoState, command: AnnulAlteredSheet, now: datetime
) -> list[BurracoEvent]:
    """Art. 20: the altered sheet's result annulled, 7-7, and reported."""
    fixed, mobile = table_at(state, command.turn, command.table)
    if not state.protected(command.turn):
        raise RemedyNotAllowed(
            "a sheet is corrected without the director only in a turn the "
            "article does not protect: the annulment is for the single "
            "group's last turn and the merit groups' turns",
            field="turn",
            value=command.turn,
            law=ART_20,
        )
    if state.before_split_closed(command.turn, now):
        raise CorrectionWindowClosed(
            "the standings before the split into groups are final: "
            f"turn {command.turn} no longer changes",
            law=ART_20,
        )
    not_awarded(state.results.get((command.turn, command.table)))
    if command.advantage not in ADVANTAGES:
        raise RemedyNotAllowed(
            f"{command.advantage!r} is not an immediate advantage the article "
            "names: a prize or entry to a higher group",
            field="advantage",
            law=ART_20,
        )
    if (
        command.advantage == ADVANTAGE_HIGHER_GROUP
        and command.turn != state.split_after
    ):
        raise RemedyNotAllowed(
            "entry to a higher group is at stake only in the single group's "
            "last turn, before the split",
            field="advantage",
            law=ART_20,
        )
    award = annulled_correction(state.match_format)
    return [
        AlteredSheetAnnulled(
            turn=command.turn,
            table=command.table,
            fixed=fixed,
            mobile=mobile,
            fixed_vp=award.ns.vp,
            mobile_vp=award.ew.vp,
            fixed_mp=award.ns.mp,
            mobile_mp=award.ew.mp,
            advantage=command.advantage,
        ),
        # "L'arbitro dovrà segnalare l'accaduto": the report is not optional.
        _reported(
            state,
            article=ART_20,
            turn=command.turn,
            table=command.table,
            pairs=_seated(state, command.turn, command.table),
            text=command.report,
            now=now,
        ),
    ]


def _so_far(
    state: BurracoState, command: RecordQuarrel, innocent_fixed: bool
) -> AwardedScore | None:
    """The innocent side's VP and signed MP for the hands played so far."""
    if not command.hands:
        if command.closed_hands:
            raise InvalidSheet(
                "the closed room's hands come with the open room's",
                field="hands",
                law=ART_38,
            )
        return None
    fixed, mobile = table_at(state, command.turn, command.table)
    bonuses = (
        state.bonus_to(command.turn, fixed, mobile),
        state.bonus_to(command.turn, mobile, fixed),
    )
    fixed_mp, mobile_mp, fixed_vp, mobile_vp = scored(
        state, command.hands, bonuses, command.closed_hands
    )
    difference = fixed_mp - mobile_mp
    if innocent_fixed:
        return AwardedScore(vp=fixed_vp, mp=difference)
    return AwardedScore(vp=mobile_vp, mp=-difference)


def _quarrel(
    state: BurracoState, command: RecordQuarrel, now: datetime
) -> list[BurracoEvent]:
    """Art. 38: the guilty side 0 and out; the innocent the Code's award or
    the more it had; the referral to Sports Justice recorded."""
    in_play(state, command.turn, 38)
    if state.giallo:
        # A giallo's line is two players who change partner every turn: the
        # guilty player's partner is no party to his quarrel (decision 0217).
        raise RemedyNotAllowed(
            "in a giallo the guilty player's partner is not guilty: record "
            "the player's abandonment and a warning",
            field="guilty",
            law=ART_38,
        )
    fixed, mobile = table_at(state, command.turn, command.table)
    if command.guilty not in (fixed, mobile) or command.guilty == REST:
        raise RemedyNotAllowed(
            f"pair {command.guilty} does not play at table {command.table} "
            f"in turn {command.turn}",
            field="guilty",
            value=command.guilty,
            law=ART_38,
        )
    _unplayed(state, command.turn, command.table, 38)
    if command.guilty in state.abandoned:
        raise SheetAlreadyEntered(
            f"pair {command.guilty} has abandoned already", law=ART_38
        )
    innocent_fixed = command.guilty == mobile
    award = quarrel_abandonment(
        state.match_format, _so_far(state, command, innocent_fixed)
    )
    fixed_score, mobile_score = (
        (award.innocent, award.guilty)
        if innocent_fixed
        else (award.guilty, award.innocent)
    )
    return [
        QuarrelAbandonment(
            turn=command.turn,
            table=command.table,
            guilty=command.guilty,
            fixed=fixed,
            mobile=mobile,
            fixed_vp=fixed_score.vp,
            mobile_vp=mobile_score.vp,
            fixed_mp=fixed_score.mp,
            mobile_mp=mobile_score.mp,
            kept_own=award.kept_own,
        ),
        # "Non potranno in alcun modo riprendere il torneo": out, and the
        # pairs it would have met win (``absences.away``).
        PairAbandoned(pair=command.guilty, after_turn=command.turn, reason=""),
        # "Verranno deferiti alla Giustizia Sportiva".
        _reported(
            state,
            article=ART_38,
            turn=command.turn,
            table=command.table,
            pairs=(command.guilty,),
            text=command.report,
            now=now,
        ),
    ]


def _optional_report(
    state: BurracoState, turn: int, table: int, text: str, now: datetime
) -> list[BurracoEvent]:
    if not text.strip():
        return []
    return [
        _reported(
            state,
            article=ART_38,
            turn=turn,
            table=table,
            pairs=_seated(state, turn, table),
            text=text,
            now=now,
        )
    ]


def _misconduct(
    state: BurracoState, command: SuspendForMisconduct, now: datetime
) -> list[BurracoEvent]:
    """Art. 38: 7 VP and -505 MP each (4 hands; -555 MP, teams)."""
    in_play(state, command.turn, 38)
    fixed, mobile = table_at(state, command.turn, command.table)
    _unplayed(state, command.turn, command.table, 38)
    award = misconduct_suspension(state.match_format)
    return [
        MisconductSuspended(
            turn=command.turn,
            table=command.table,
            fixed=fixed,
            mobile=mobile,
            fixed_vp=award.ns.vp,
            mobile_vp=award.ew.vp,
            fixed_mp=award.ns.mp,
            mobile_mp=award.ew.mp,
        ),
        *_optional_report(state, command.turn, command.table, command.report, now),
    ]


def _both(
    state: BurracoState, command: RecordBothAbandoned, now: datetime
) -> list[BurracoEvent]:
    """Art. 38: both pairs abandon: 0 each, and both leave the tournament."""
    in_play(state, command.turn, 38)
    fixed, mobile = table_at(state, command.turn, command.table)
    _unplayed(state, command.turn, command.table, 38)
    award = both_abandoned(state.match_format)
    leaving = [
        PairAbandoned(pair=entry, after_turn=command.turn, reason="")
        for entry in _seated(state, command.turn, command.table)
        if entry not in state.abandoned
    ]
    return [
        BothPairsAbandoned(
            turn=command.turn,
            table=command.table,
            fixed=fixed,
            mobile=mobile,
            fixed_vp=award.ns.vp,
            mobile_vp=award.ew.vp,
            fixed_mp=award.ns.mp,
            mobile_mp=award.ew.mp,
        ),
        *leaving,
        *_optional_report(state, command.turn, command.table, command.report, now),
    ]
