"""Results files in and out: import a PBN, USEBIO or JSON file as events, and
export a tournament's results in any of the three formats (issue 4).

Laws of Duplicate Bridge 2017 (FIGB edition): Law 8 (the movement), Law 12C
(adjusted scores), Law 77 (table scores), Law 78A (matchpoints).

Import (decision 0041): the file is read with ``scoring.formats`` (a malformed
file raises ``FormatError`` naming its line or element); every command is
built, run through the pure ``decide`` functions and the session scored in
memory before anything is appended; then the commands are recorded through the
handlers, the projection is run, and the file's own matchpoints, percentages
and ranking are compared with ours (decision 0042).

Export (decision 0040): the interchange model is built from the read models.
"""

from tournaments.results_io.errors import AlreadyImported, ExportRefused, ImportRefused
from tournaments.results_io.exporting import export_file, export_results
from tournaments.results_io.files import (
    FORMATS,
    guess_format,
    read_results,
    write_results,
)
from tournaments.results_io.importing import (
    Difference,
    ImportReport,
    compare,
    import_file,
    record,
    tournament_id_for,
)
from tournaments.results_io.plan import ImportPlan, PlannedTable, plan_import
from tournaments.results_io.plan_check import check_plan
from tournaments.results_io.scores import project

__all__ = [
    "FORMATS",
    "AlreadyImported",
    "Difference",
    "ExportRefused",
    "ImportPlan",
    "ImportRefused",
    "ImportReport",
    "PlannedTable",
    "check_plan",
    "compare",
    "export_file",
    "export_results",
    "guess_format",
    "import_file",
    "plan_import",
    "project",
    "read_results",
    "record",
    "tournament_id_for",
    "write_results",
]
