"""How the burraco engine names the article it enforces.

F.I.Bur. Codice di Gara, April 2024 edition. A numbered article is an
``ArticleRef`` with the default source, shown as "Codice di Gara Art. 17", as
the house style names it. The code also rules in sections with no number (the
definitions, the VP tables, the procedure before Art. 21, the director's
powers, the conduct rules, the tables with screens): a ``CodeSection`` is an
``ArticleRef`` too, so errors and penalties carry one type, but it shows the
section's Italian heading instead of a number (decision 0062).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import ArticleRef

__all__ = [
    "CODE",
    "CONDUCT",
    "DEFINITIONS",
    "PROCEDURE",
    "SCREENS",
    "TABLES",
    "CodeSection",
    "art",
    "powers",
]

CODE = "Codice di Gara"
"""The source every burraco reference names (``ArticleRef``'s default)."""


def art(number: int) -> ArticleRef:
    """Return the reference to a numbered article, e.g. "Codice di Gara Art. 17"."""
    if isinstance(number, bool) or not 1 <= number <= 40:
        raise ValueError(f"the Codice di Gara has no article {number!r}")
    return ArticleRef(str(number), source=CODE)


@dataclass(frozen=True, slots=True, order=True)
class CodeSection(ArticleRef):
    """An unnumbered section of the Codice di Gara, named by its Italian heading.

    ``article`` holds the heading (and the item, for the director's powers):
    ``str(CodeSection("I poteri dell'arbitro", item="g"))`` is
    "Codice di Gara, I poteri dell'arbitro (g)".
    """

    item: str = ""

    def __str__(self) -> str:
        suffix = f" ({self.item})" if self.item else ""
        return f"{self.source}, {self.article}{suffix}"


DEFINITIONS = CodeSection("Definizioni")
TABLES = CodeSection("Le tabelle")
PROCEDURE = CodeSection("Irregolarità, Procedura")
CONDUCT = CodeSection("Norme comportamentali")
SCREENS = CodeSection("Tavoli provvisti di separé e paramani")


def powers(item: str) -> CodeSection:
    """Return a reference to one of the director's powers, items a to g."""
    if item not in ("a", "b", "c", "d", "e", "f", "g"):
        raise ValueError(f"the director's powers have no item {item!r}")
    return CodeSection("I poteri dell'arbitro", item=item)
