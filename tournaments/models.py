"""Read models of the tournament app (role grants: ``access.models``)."""

from __future__ import annotations

import uuid

from django.db import models

# -- read models filled by tournaments.projections.TournamentResults ----------


class TournamentRow(models.Model):
    tournament_id = models.UUIDField(primary_key=True)
    stream_id = models.UUIDField(unique=True)
    name = models.TextField()
    game = models.TextField(default="bridge")
    form = models.TextField()
    scoring = models.TextField()
    regulation = models.TextField()
    starts_at = models.DateTimeField()
    windows = models.JSONField(default=dict)
    # The sessions' methods (averaged and fouled boards, no-fault revision),
    # the regulation's unless the organizer chose (ScoringRules).
    scoring_rules = models.JSONField(default=dict)

    class Meta:
        ordering = ["-starts_at", "name"]

    def __str__(self) -> str:
        return self.name


class EntryRow(models.Model):
    tournament_id = models.UUIDField()
    number = models.IntegerField()
    entry_id = models.UUIDField()
    player_ids = models.JSONField(default=list)
    # An imported file's own id for the entry, "" if its number (0192).
    label = models.CharField(max_length=20, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament_id", "number"], name="entry_number"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id}#{self.number}"


class SessionRow(models.Model):
    class Status(models.TextChoices):
        PROVISIONAL = "provisional"  # scores not yet official
        OFFICIAL = "official"  # published, correction or appeal period open
        FINAL = "final"  # both periods closed

    tournament_id = models.UUIDField()
    session = models.IntegerField()
    movement = models.TextField()
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    assignments = models.JSONField(default=list)
    winners = models.TextField(default="auto")
    status = models.TextField(choices=Status.choices, default=Status.PROVISIONAL)
    published_at = models.DateTimeField(null=True)
    correction_deadline = models.DateTimeField(null=True)
    inadmissible_deadline = models.DateTimeField(null=True)
    appeal_deadline = models.DateTimeField(null=True)
    correction_closed = models.BooleanField(default=False)
    appeal_closed = models.BooleanField(default=False)
    # The position of the last event the results projection scored in this
    # session: the runner's kept scorer is used only while it matches
    # (decision 0099).
    scored_token = models.TextField(default="", blank=True)
    # The position of the last event the results projection applied that
    # changes what a page of this session shows (its results, confirmations,
    # rulings, penalties, publication, windows, entries): the live pages'
    # ETag (decision 0135).
    position = models.BigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament_id", "session"], name="session_number"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id} s{self.session}"


class ResultRow(models.Model):
    """A traveller line, with its matchpoints once the session is scored."""

    stream_id = models.UUIDField(unique=True)
    tournament_id = models.UUIDField()
    session = models.IntegerField()
    board_number = models.IntegerField()
    table = models.IntegerField()
    ns = models.IntegerField()
    ew = models.IntegerField()
    contract = models.TextField(null=True)
    lead = models.TextField(null=True)
    tricks = models.IntegerField(null=True)
    score_ns = models.IntegerField(null=True)
    adjusted = models.TextField(null=True)
    irregularity = models.TextField(null=True)
    group = models.IntegerField(default=0)
    swap = models.TextField(default="")  # FIGB N-L87 §7a, fouled boards
    found_here = models.BooleanField(default=False)
    # The table's copy's vulnerability when it was marked otherwise than
    # Law 2 says ("None", "NS", "EW", "All"); "" Law 2's by the board's
    # number (Laws 2, 87A; decision 0170).
    vulnerability = models.TextField(default="")
    confirmed = models.BooleanField(default=False)
    mp_ns = models.DecimalField(max_digits=10, decimal_places=2, null=True)
    mp_ew = models.DecimalField(max_digits=10, decimal_places=2, null=True)
    top = models.IntegerField(null=True)

    class Meta:
        indexes = [
            models.Index(
                fields=["tournament_id", "session", "board_number"], name="result_board"
            )
        ]

    def __str__(self) -> str:
        return f"board {self.board_number} table {self.table}"


class StandingRow(models.Model):
    tournament_id = models.UUIDField()
    session = models.IntegerField()
    entry_number = models.IntegerField()
    direction = models.TextField(blank=True)
    boards = models.IntegerField()
    matchpoints = models.DecimalField(max_digits=12, decimal_places=2)
    penalty = models.DecimalField(max_digits=12, decimal_places=2)
    top = models.IntegerField()
    percent = models.DecimalField(max_digits=6, decimal_places=2)
    rank = models.IntegerField()
    tied = models.BooleanField(default=False)
    imps = models.IntegerField(null=True)  # teams: IMPs over all matches
    vp = models.DecimalField(max_digits=8, decimal_places=2, null=True)  # teams
    # Individual events: boards where Law 12C2(c) gave this player his own
    # percentage instead of his side's artificial score, board -> points.
    revised = models.JSONField(default=dict)

    class Meta:
        ordering = ["direction", "rank", "entry_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament_id", "session", "entry_number"],
                name="standing_entry",
            )
        ]

    def __str__(self) -> str:
        return f"{self.entry_number}: {self.percent}%"


class RulingRow(models.Model):
    ruling_id = models.UUIDField(primary_key=True)
    tournament_id = models.UUIDField()
    session = models.IntegerField()
    board_number = models.IntegerField(null=True)
    table = models.IntegerField(null=True)
    laws = models.JSONField(default=list)
    facts = models.TextField()
    decision = models.TextField()
    director = models.TextField()
    given_at = models.DateTimeField()
    position = models.BigIntegerField()

    def __str__(self) -> str:
        return f"ruling {self.ruling_id}"


class OfficialRow(models.Model):
    """An official of the event (Law 80B2): chief director, assistant, committee."""

    tournament_id = models.UUIDField()
    user_id = models.IntegerField()
    name = models.TextField()
    role = models.TextField()
    appointed_at = models.DateTimeField()

    class Meta:
        ordering = ["role", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament_id", "user_id"], name="official_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.role} {self.name}"


class PenaltyRow(models.Model):
    position = models.BigIntegerField(primary_key=True)
    tournament_id = models.UUIDField()
    session = models.IntegerField()
    entry_number = models.IntegerField()
    kind = models.TextField()
    unit = models.TextField()
    amount = models.IntegerField()
    law = models.TextField()
    reason = models.TextField()
    round = models.IntegerField(null=True)  # teams IMPs: the match's round

    def __str__(self) -> str:
        return f"{self.kind} {self.amount} {self.unit} on {self.entry_number}"


class MatchRow(models.Model):
    """A teams match in one session round: IMPs per board summed, then VPs (Law 78B)."""

    tournament_id = models.UUIDField()
    session = models.IntegerField()
    round = models.IntegerField()
    team_a = models.IntegerField()
    team_b = models.IntegerField()
    boards = models.IntegerField()
    imps_a = models.IntegerField()
    imps_b = models.IntegerField()
    vp_a = models.DecimalField(max_digits=6, decimal_places=2)
    vp_b = models.DecimalField(max_digits=6, decimal_places=2)
    # Total points each team won at both tables (FIGB N-L78 §5a, criteria 3-4).
    points_a = models.IntegerField(default=0)
    points_b = models.IntegerField(default=0)

    class Meta:
        ordering = ["round", "team_a"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament_id", "session", "round", "team_a"], name="match_key"
            )
        ]

    def __str__(self) -> str:
        return f"{self.team_a}-{self.team_b} {self.imps_a}-{self.imps_b}"


# -- double-dummy analysis, filled by tournaments.tasks.analyse_session ----------


class DoubleDummyRow(models.Model):
    """A board's double-dummy tricks and par (DDS): information, never a ruling.

    ``tricks`` is 5x4: rows S, H, D, C, NT; columns declarer N, E, S, W.
    ``deal`` is the deal analysed, so a replaced hand record is analysed again.
    """

    tournament_id = models.UUIDField()
    session = models.IntegerField()
    board_number = models.IntegerField()
    deal = models.TextField()
    tricks = models.JSONField()
    par_score = models.IntegerField()  # North-South's point of view
    par_contracts = models.JSONField(default=list)
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["board_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament_id", "session", "board_number"],
                name="double_dummy_board",
            )
        ]

    def __str__(self) -> str:
        return f"board {self.board_number}: par {self.par_score}"


class DoubleDummyJob(models.Model):
    """Progress of a session's double-dummy analysis: ``done`` of ``total`` boards."""

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    tournament_id = models.UUIDField()
    session = models.IntegerField()
    status = models.TextField(choices=Status.choices, default=Status.QUEUED)
    done = models.IntegerField(default=0)
    total = models.IntegerField(default=0)
    error = models.TextField(blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament_id", "session"], name="double_dummy_job"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id} s{self.session}: {self.done}/{self.total}"


class ResultsFileJob(models.Model):
    """An import or an export of a results file run by a worker (issue 15):
    its progress (``done`` of ``total`` steps, the current ``step``) and,
    once finished, its report (an import's tournament and differences) or
    the written file (an export).

    A plain record, not a read model: an import's events are the
    tournament's; this only tells the caller how far the worker has got.
    """

    class Kind(models.TextChoices):
        IMPORT = "import"
        EXPORT = "export"

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        REFUSED = "refused"
        FAILED = "failed"

    job_id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.TextField(choices=Kind.choices)
    status = models.TextField(choices=Status.choices, default=Status.QUEUED)
    fmt = models.TextField()
    actor = models.TextField()
    content = models.BinaryField(blank=True, default=b"")
    source = models.TextField(blank=True, default="")
    settings = models.JSONField(default=dict, blank=True)
    tournament_id = models.UUIDField(null=True, blank=True)
    session = models.IntegerField(null=True, blank=True)
    names = models.BooleanField(default=True)
    step = models.TextField(blank=True, default="")
    done = models.IntegerField(default=0)
    total = models.IntegerField(default=0)
    report = models.JSONField(null=True, blank=True)
    output = models.TextField(blank=True, default="")
    error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.kind} {self.job_id}: {self.status} {self.done}/{self.total}"
