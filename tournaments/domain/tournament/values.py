"""The tournament's terms: its stream, game, form, scoring, windows and seats.

The values the events and commands carry (Laws 4, 6E, 8, 78, 79C, 80B2, 92B).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from enum import StrEnum
from uuid import UUID

from scoring.bridge.errors import InvalidVictoryPointScale
from scoring.bridge.vp_scales import WBF_20, VpScale

STREAM_TYPE = "tournament"
NAMESPACE = UUID("a6a0b3c2-1f7e-4c0e-9b6e-3f1d2c4b5a60")


def stream_id(tournament_id: UUID) -> UUID:
    return uuid.uuid5(NAMESPACE, f"tournament:{tournament_id}")


class Game(StrEnum):
    """The card game an event is played at: the rules engine and scoring it uses."""

    BRIDGE = "bridge"  # the 2017 Laws and the FIGB regulations
    BURRACO = "burraco"  # the F.I.Bur. Codice di Gara: pairs (decision 0120)


class Form(StrEnum):
    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUAL = "individual"


class ScoringMethod(StrEnum):
    MATCHPOINTS = "matchpoints"
    IMPS_BUTLER = "imps_butler"
    CROSS_IMPS = "cross_imps"
    TEAMS_IMPS_VP = "teams_imps_vp"
    BURRACO_VP = "burraco_vp"  # MP difference to VP by the F.I.Bur. tables


# The burraco forms and their scoring: each by the VP tables (F.I.Bur.
# Codice di Gara, Le tabelle; decisions 0120, 0146, 0173). Individual entries
# serve the individual (one against one) and the giallo events, which the
# burraco stream tells apart. The turns, sheets and standings are the
# ``burraco`` app's stream.
BURRACO_SCORING_FOR_FORM: dict[Form, tuple[ScoringMethod, ...]] = {
    Form.PAIRS: (ScoringMethod.BURRACO_VP,),
    Form.TEAMS: (ScoringMethod.BURRACO_VP,),
    Form.INDIVIDUAL: (ScoringMethod.BURRACO_VP,),
}


# Law 78 and the conditions of contest: the methods each form is scored by
# here. Pairs: matchpoints (78A) or IMPs against the field, Butler or cross
# (78B, 78D; decision 0053). Teams: IMPs converted to VPs (78B, 78D; FIGB).
# Individual: matchpoints (decision 0056). A teams method compares the two
# rooms of a match and has no meaning for pairs; the projection scores
# teams and individual events only as listed (decision 0081).
SCORING_FOR_FORM: dict[Form, tuple[ScoringMethod, ...]] = {
    Form.PAIRS: (
        ScoringMethod.MATCHPOINTS,
        ScoringMethod.IMPS_BUTLER,
        ScoringMethod.CROSS_IMPS,
    ),
    Form.TEAMS: (ScoringMethod.TEAMS_IMPS_VP,),
    Form.INDIVIDUAL: (ScoringMethod.MATCHPOINTS,),
}


class Regulation(StrEnum):
    """Whose windows apply: FIGB's norms, or the Laws' defaults where FIGB is silent."""

    FIGB = "figb"
    LAWS = "laws"


@dataclass(frozen=True, slots=True, kw_only=True)
class WindowRules:
    """Window and period parameters; FIGB values by default (figb-norms §1.1-1.2).

    - ``correction_minutes``: Law 79C's correction period after the official
      score (30 minutes unless the regulation says otherwise). Used for teams,
      and for pairs when the session's end of play is not known.
    - ``inadmissible_minutes``: FIGB N-L79, pairs: after the last round's time
      only inadmissible results may be corrected, within 15 minutes of the
      results being posted.
    - ``appeal_minutes``: FIGB N-L92-93 §2 (15 minutes from the official score);
      Law 92B's default is 30 minutes.
    """

    regulation: Regulation = Regulation.FIGB
    correction_minutes: int = 30
    inadmissible_minutes: int = 15
    appeal_minutes: int = 15

    @classmethod
    def of(cls, regulation: Regulation, **given: int) -> WindowRules:
        """The regulation's own defaults, then what the organizer ``given``.

        The appeal period is FIGB's 15 minutes (N-L92-93 §2) under the FIGB
        regulation and Law 92B's 30 minutes under the Laws alone; the
        correction period is Law 79C's 30 minutes under both.
        """
        defaults = {"appeal_minutes": APPEAL_MINUTES[regulation]}
        return cls(regulation=regulation, **{**defaults, **given})


APPEAL_MINUTES = {Regulation.FIGB: 15, Regulation.LAWS: 30}
"""The appeal period by regulation when the organizer sets none."""


class AveragedBoards(StrEnum):
    """How the field is scored on a board with artificial scores (Law 78D).

    - ``FIGB_N_L12``: FIGB N-L12 "mani medie": each averaged table counts as a
      tie for the others, so the top falls and the bottom rises by one per
      average ("il punto massimo scende ... ed il punto minimo sale").
    - ``NEUBERG``: the artificial scores leave the comparison and the rest is
      factored to the full board (the Laws leave the method to regulation;
      decision 0023).
    """

    FIGB_N_L12 = "figb_n_l12"
    NEUBERG = "neuberg"


class FouledBoards(StrEnum):
    """How a fouled board (cards swapped between hands) is scored (Law 87B).

    - ``FIGB_N_L87_7``: FIGB N-L87 §7a: played with the wrong cards in fewer
      than a fifth of the session's rounds, each such table gets an artificial
      score (N/S swap 40/50, E/W swap 50/40, across 40/40; the table that
      found it 60/60); a fifth or more, two groups each scored at its own
      tables plus 1 point per result of the other group.
    - ``LAW_87B``: always in groups, each factored to the full board
      (Neuberg), as the Laws' regulation-free default.
    """

    FIGB_N_L87_7 = "figb_n_l87_7"
    LAW_87B = "law_87b"


class AverageRevision(StrEnum):
    """The end-of-session revision of an artificial score of a side not at
    fault (Law 12C2(c); FIGB N-L12, last paragraphs).

    - ``FIGB_SESSION_PERCENT``: N-L12 as written: the average becomes the
      pair's own percentage on the valid boards of the session, even if lower.
    - ``FIGB_SESSION_PERCENT_MIN_60``: N-L12 "tenendo presente l'art. 88": the
      1997 Law 88 floor, the larger of 60% and that percentage.
    - ``LAW_12C2C``: the 2017 Law 12C2(c): the session percentage when it is
      larger than the award.
    - ``NONE``: the award stands.
    """

    FIGB_SESSION_PERCENT = "figb_session_percent"
    FIGB_SESSION_PERCENT_MIN_60 = "figb_session_percent_min_60"
    LAW_12C2C = "law_12c2c"
    NONE = "none"


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoringRules:
    """The methods of every session the regulation governs (Law 78D, 87B, 12C2).

    Each field is a choice the norms leave open; ``of`` gives the regulation's
    value (FIGB's norms, or the Laws' defaults), the organizer may set any.
    ``fouled_split`` is the share of the session's rounds from which a fouled
    board is scored in groups, as "numerator/denominator" (N-L87 §7a: "uguali
    o superiori al quinto dei turni totali della seduta"). ``vp_scale``: the
    scale every IMP-to-VP conversion of the event uses (Law 78D; FIGB N-L78
    §1, N-L8 §3), the WBF 20-VP continuous one unless the organizer names
    published tables (decision 0218).
    """

    averaged_boards: AveragedBoards = AveragedBoards.FIGB_N_L12
    fouled_boards: FouledBoards = FouledBoards.FIGB_N_L87_7
    fouled_split: str = "1/5"
    average_revision: AverageRevision = AverageRevision.FIGB_SESSION_PERCENT
    vp_scale: VpScale = WBF_20  # (added, v1)

    @classmethod
    def of(cls, regulation: Regulation, **given: object) -> ScoringRules:
        """The regulation's methods, then the organizer's ``given`` choices."""
        defaults: dict[str, object] = {
            "averaged_boards": AveragedBoards.FIGB_N_L12,
            "fouled_boards": FouledBoards.FIGB_N_L87_7,
            "average_revision": AverageRevision.FIGB_SESSION_PERCENT,
        }
        if regulation is Regulation.LAWS:
            defaults = {
                "averaged_boards": AveragedBoards.NEUBERG,
                "fouled_boards": FouledBoards.LAW_87B,
                "average_revision": AverageRevision.LAW_12C2C,
            }
        chosen = {k: v for k, v in given.items() if v is not None}
        merged = {**defaults, **chosen}
        scale = merged.get("vp_scale")
        try:
            vp_scale = (
                scale.check()
                if isinstance(scale, VpScale)
                else VpScale.from_json(scale)
                if isinstance(scale, dict)
                else WBF_20
            )
        except InvalidVictoryPointScale as exc:
            exc.field = exc.field or "scoring_rules.vp_scale"
            raise
        return cls(
            averaged_boards=AveragedBoards(str(merged["averaged_boards"])),
            fouled_boards=FouledBoards(str(merged["fouled_boards"])),
            fouled_split=str(merged.get("fouled_split", "1/5")),
            average_revision=AverageRevision(str(merged["average_revision"])),
            vp_scale=vp_scale,
        )

    @property
    def split_fraction(self) -> tuple[int, int]:
        """The fouled-board split share as (numerator, denominator)."""
        top, _, bottom = self.fouled_split.partition("/")
        return int(top), int(bottom or 1)


@dataclass(frozen=True, slots=True, kw_only=True)
class TableAssignment:
    """One table in one round (Law 8).

    Pairs and teams: ``ns`` and ``ew`` are the entries seated there.
    Individual events (Law 4): ``players`` are the four entries at North,
    East, South and West, and ``ns``/``ew`` repeat North and East so that a
    traveller line names its table the same way in every form.
    """

    round: int
    table: int
    ns: int
    ew: int
    boards: tuple[int, ...]
    players: tuple[int, ...] = ()  # N, E, S, W in individual events (added, v1)

    def side(self, ns: bool) -> tuple[int, ...]:
        """Return the entries sitting North-South (or East-West) here."""
        if self.players:
            return self.players[0::2] if ns else self.players[1::2]
        return (self.ns,) if ns else (self.ew,)

    @property
    def seated(self) -> tuple[int, ...]:
        """Return every entry seated at the table (a phantom's 0 left out)."""
        return tuple(n for n in (self.players or (self.ns, self.ew)) if n)


class HandSource(StrEnum):
    """How a session's deals came to be (Law 6E)."""

    IMPORTED = "imported"  # a hand record file, e.g. from a dealing machine
    DEALT = "dealt"  # dealt by computer with a secure generator (Law 6E4)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRecord:
    """The deal of one board, PBN text with North first ("N:AKQ.… … … …")."""

    board_number: int
    deal: str


class OfficialRole(StrEnum):
    """The officials the organizer appoints for an event (Law 80B2)."""

    CHIEF_DIRECTOR = "chief_director"  # Law 80B2(a), 81A: the Director in charge
    DIRECTOR = "director"  # Law 80B2(g)(i), 81D: an assistant director
    COMMITTEE_MEMBER = "committee_member"  # Law 80B2(k), 93B: the appeals committee
    # Law 80A, 79C2: the organizer's account on the event (approves a late
    # score correction); appointed by federation staff only.
    ORGANIZER = "organizer"
