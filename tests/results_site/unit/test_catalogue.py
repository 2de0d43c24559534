"""The Italian catalogue is current (decision 0113).

Every message the project's templates and code mark for translation is in
``locale/it/LC_MESSAGES/django.po``, translated and not fuzzy; nothing stale
is left in it; and the committed ``django.mo`` is what polib compiles from
the ``.po`` now. The extraction is Django's own ``templatize`` (templates)
and Python's ``ast`` (code): no GNU gettext needed.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import polib
import pytest
from django.utils.translation.template import templatize

from results_site.catalogue import catalogues, compile_catalogue, compiled_messages

ROOT = Path(__file__).parents[3]
PO = ROOT / "locale" / "it" / "LC_MESSAGES" / "django.po"
SKIP = {".venv", "tests", "bench", "var", "build", "migrations", "node_modules"}
GETTEXT = {"_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy", "pgettext"}
# templatize writes gettext(u'...'), gettext(u"..."), ngettext(u'.', u'.', n)
# and keeps a filter argument's _("...") as it is.
_STRING = r"""u?(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
_TEMPLATE_CALL = re.compile(rf"\b(n?gettext|_)\(({_STRING})")


def _project_files(suffix: str) -> list[Path]:
    return [
        p for p in ROOT.rglob(f"*{suffix}") if not SKIP & set(p.relative_to(ROOT).parts)
    ]


def marked_messages() -> set[str]:
    """Every msgid the project marks, as makemessages would find them."""
    found: set[str] = set()
    texts = [p for p in _project_files(".txt") if "templates" in p.parts]
    for path in [*_project_files(".html"), *texts]:
        for _name, literal in _TEMPLATE_CALL.findall(templatize(path.read_text())):
            found.add(ast.literal_eval(literal.removeprefix("u")))
    for path in _project_files(".py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in GETTEXT
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


def test_every_marked_message_is_in_the_catalogue_and_nothing_stale() -> None:
    catalogue = {e.msgid for e in polib.pofile(str(PO)) if not e.obsolete}
    marked = marked_messages()
    assert "Bridge and burraco results" in marked  # the extraction reads the templates
    assert "Invalid token." in marked  # and the code
    assert marked - catalogue == set(), "run makemessages -l it and translate"
    assert catalogue - marked == set(), "stale messages in the catalogue"


def test_every_message_is_translated_and_none_is_fuzzy() -> None:
    po = polib.pofile(str(PO))
    assert po.untranslated_entries() == []
    assert po.fuzzy_entries() == []
    assert po.percent_translated() == 100


def test_the_committed_mo_is_what_the_po_compiles_to(tmp_path: Path) -> None:
    assert catalogues() == [PO]
    copy = tmp_path / "django.po"
    copy.write_bytes(PO.read_bytes())
    fresh = compile_catalogue(copy)
    committed = PO.with_suffix(".mo")
    assert compiled_messages(committed) == compiled_messages(fresh)
    assert compiled_messages(committed) == compiled_messages(PO)


@pytest.mark.parametrize(
    ("english", "italian"),
    [("Events", "Tornei"), ("Session %(number)s", "Turno %(number)s")],
)
def test_django_reads_the_committed_catalogue(english: str, italian: str) -> None:
    from django.utils import translation

    with translation.override("it"):
        assert translation.gettext(english) == italian
