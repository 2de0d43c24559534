"""Every import of the project's packages is at the top of its module
(decision 0222), but for the few that are lazy on purpose, listed below with
their reason.

An import inside a function is how an import cycle hides: the module loads,
the cycle bites later, and a reader sees no dependency at the top. The
import contracts (``lint-imports``, "No import cycles") refuse a cycle
wherever its imports are; this test refuses the hiding place, so a new
function-level import needs its reason written here.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# (module, function, imported module) -> why it is imported when called.
LAZY: dict[tuple[str, str, str], str] = {
    # endplay (DDS, with numpy) takes half a second to import: only the
    # worker's analysis and a director's claim review load it.
    ("tournaments.analysis", "run_analysis", "tournaments.adapters"): "endplay",
    (
        "tournaments.api.play_views",
        "get",
        "tournaments.adapters.claim_analysis",
    ): "endplay",
    # openpyxl takes a fifth of a second: loaded when an XLSX file arrives.
    ("burraco.entries_import", "read_table", "openpyxl"): "openpyxl",
    # polib is a development dependency: only building and checking the
    # catalogue need it, never a running server.
    ("results_site.catalogue", "compiled_messages", "polib"): "polib",
    ("results_site.catalogue", "compile_catalogue", "polib"): "polib",
    # gunicorn reads its configuration before Django is set up.
    ("config.gunicorn_conf", "when_ready", "django.db"): "gunicorn",
}


def _packages() -> list[str]:
    """The packages the import contracts cover: a new one is checked here
    from the day it is added there."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages: list[str] = config["tool"]["importlinter"]["root_packages"]
    return packages


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(
        ".__init__"
    )


def _imported(node: ast.Import | ast.ImportFrom, module: str) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:  # a relative import, from the package it is in
        base = module.rsplit(".", node.level)[0]
        return [f"{base}.{node.module}" if node.module else base]
    return [node.module or ""]


def _function_imports() -> set[tuple[str, str, str]]:
    found = set()
    for package in _packages():
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                # A migration is history, run by Django's loader on its own:
                # its RunPython steps import what they use when they run.
                continue
            module = _module(path)
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for function in ast.walk(tree):
                if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                if path.name == "apps.py" and function.name == "ready":
                    # Django's app loading: an app's handlers and registrations
                    # import models, which exist only once every app is loaded.
                    continue
                for node in ast.walk(function):
                    if isinstance(node, ast.Import | ast.ImportFrom):
                        for name in _imported(node, module):
                            found.add((module, function.name, name))
    return found


def test_no_import_hides_in_a_function_but_the_lazy_ones_listed() -> None:
    assert sorted(_function_imports() - set(LAZY)) == []


def test_every_lazy_import_listed_is_still_there() -> None:
    """A lazy import moved to the top leaves no stale permission behind."""
    assert sorted(set(LAZY) - _function_imports()) == []
