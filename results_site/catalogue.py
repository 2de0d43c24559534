"""The translation catalogues, compiled by Python (decision 0113).

Django's ``compilemessages`` runs GNU gettext's ``msgfmt``, a system package;
the project builds its ``.mo`` files with polib (pinned, a development
dependency) instead, and commits them beside their ``.po`` source, so that
setting up needs no system package and no build step. A test compiles each
catalogue again and fails when the committed ``.mo`` is not current.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings

__all__ = ["catalogues", "compile_catalogue", "compiled_messages"]


def catalogues() -> list[Path]:
    """Every ``django.po`` under the project's locale paths."""
    return sorted(
        po
        for root in settings.LOCALE_PATHS
        for po in Path(root).glob("*/LC_MESSAGES/django.po")
    )


def compiled_messages(path: Path) -> dict[tuple[str, str], tuple[str, ...]]:
    """The messages a catalogue (``.po`` or ``.mo``) translates, as gettext
    reads them: (context, id) -> the translations (one, or one per plural)."""
    import polib  # a development dependency: only building and checking need it

    source = (
        polib.mofile(str(path)) if path.suffix == ".mo" else polib.pofile(str(path))
    )
    out: dict[tuple[str, str], tuple[str, ...]] = {}
    for entry in source.translated_entries():
        if entry.msgid_plural:
            forms = tuple(entry.msgstr_plural[k] for k in sorted(entry.msgstr_plural))
        else:
            forms = (entry.msgstr,)
        out[(entry.msgctxt or "", entry.msgid)] = forms
    return out


def compile_catalogue(po: Path) -> Path:
    """Write ``po``'s ``.mo`` beside it; answer its path."""
    import polib

    mo = po.with_suffix(".mo")
    polib.pofile(str(po)).save_as_mofile(str(mo))
    return mo
