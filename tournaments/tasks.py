"""Celery entrypoints of the tournament app: thin, they take ids.

Every task of the app is listed here, where Celery's autodiscovery finds it;
each is defined beside what sends it (decision 0222): the double-dummy
analysis in ``tournaments.analysis``, a results file's job in
``tournaments.results_jobs``. What sends a task imports its module, never
this one, so the import that queues an analysis and the worker that runs the
import are not one import cycle.
"""

from __future__ import annotations

from tournaments.analysis import analyse_session
from tournaments.results_jobs import run_results_file_job

__all__ = ["analyse_session", "run_results_file_job"]
