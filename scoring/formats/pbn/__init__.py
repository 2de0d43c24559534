"""PBN results files: deals, ``ScoreTable`` and ``TotalScoreTable``.

Portable Bridge Notation 2.1 (Tis Veugen): tag pairs ``[Name "value"]``,
games separated by an empty line, ``;`` and ``{ }`` commentary, ``%`` escape
lines, and the supplemental tables of §5.2: a tag whose value lists the
columns (``"PairId_NS\\2R;Contract\\4L;Score_NS\\5R"``: name, minimum width,
alignment) followed by rows of table elements, ``-`` for an irrelevant value,
``?`` for an unknown one, ``^`` before an artificial score.

Conventions this module settles (decision 0026): an artificial adjusted score
(Law 12C2) is written with ``-`` for Contract, Declarer, Result and Lead and
``^60%``/``^40%`` in Score_NS/Score_EW; an assigned adjusted score (Law 12C1)
is a normal row whose score carries a ``^``; a two-winner movement adds a
user-defined ``Direction`` column to the TotalScoreTable and federation
numbers go in a user-defined ``FederationIds`` column. The reader also accepts
``A60/40`` or ``A6040`` in the Contract column and ``^`` percentages. A
name PBN reserves as a placeholder (Names ``-`` or ``?``, Event or Site ``?``
or ``#``) cannot be read back, so the writer refuses it with a
``FormatError``; a ``^`` at the start of a name is part of the name.

The reader is pure standard library (decision 0025: endplay's PBN parser
splits quoted names, accepts rows of the wrong width and loses line numbers).
"""

from scoring.formats.pbn.reader import read_pbn
from scoring.formats.pbn.writer import write_pbn

__all__ = ["read_pbn", "write_pbn"]
