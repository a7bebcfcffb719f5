"""The web layer's shape, read from the source: which layer may import which, no import cycle,
no screen importing another, one blueprint a screen package and no route outside them, no module
outside ``writes/`` committing (nor one that defines routes or commands, by whatever name its
blueprint goes), few modules lying flat.

The layers, lowest first (docs/ARCHITECTURE.md draws them):

0. ``scorer.core`` — the game: standard library only, nothing of the web.
1. foundation: ``scorer.web.config``, ``extensions``, ``clock``, ``fields`` (settings, the
   SQLAlchemy/CSRF objects, the table's clock, form pieces every screen uses).
2. ``scorer.web.data`` — models, a match's document, the match lock, the derived caches.
3. ``scorer.web.policy`` (who may do what) and ``scorer.web.presentation`` (how results look):
   peers that never import each other.
4. ``scorer.web.writes`` — one function per change a person can make, and the maintenance writes
   (the ratings' catch-up, the rebuild, a restore); the only layer that commits.
5. ``scorer.web.serving`` — static files, compression, SQL counts, ``make run``'s server.
6. the screens ``play``, ``cards``, ``records``, ``site`` — views and forms, never importing one
   another, each one blueprint (made in the package's ``__init__``, its routes in its modules).
7. the factory: ``scorer.web`` itself, ``errors``, ``templating``.
8. entry points: ``scorer.web.serving.serve`` and ``setup_db`` (``make run``), ``scorer.cli``.

A module may import its own package and any lower layer, never a peer or a higher one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "scorer"

FOUNDATION = {"scorer.web.config", "scorer.web.extensions", "scorer.web.clock", "scorer.web.fields",
              "scorer.web.language"}
FACTORY = {"scorer.web", "scorer.web.errors", "scorer.web.templating"}
ENTRY_POINTS = {"scorer.web.serving.serve", "scorer.web.serving.setup_db", "scorer.cli", "scorer.__main__", "scorer"}
SCREENS = ("play", "cards", "records", "site")
LAYERS = {"core": 0, "data": 2, "policy": 3, "presentation": 3, "writes": 4, "serving": 5,
          **dict.fromkeys(SCREENS, 6)}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """Every scorer module ``name`` imports, at the top or inside a function (a late import is
    still an import: it is how a cycle hides)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    tree = ast.parse(path.read_text(), str(path))
    # Imports for annotations only (``if TYPE_CHECKING:``) never run: the models refer to each
    # other's classes by name that way, and it is no import at run time.
    typing_only = {id(inner) for node in ast.walk(tree) if isinstance(node, ast.If)
                   and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
                   for inner in ast.walk(node)}
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            # "from scorer.web.data import models" imports the module scorer.web.data.models
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        found.update(t for t in targets if t.split(".")[0] == "scorer" and t in known)
    found.discard(name)
    return found


def graph() -> dict[str, set[str]]:
    found = modules()
    return {name: imports_of(name, path, set(found)) for name, path in found.items()}


def layer(name: str) -> tuple[int, str]:
    """(level, group): a module may import lower levels and its own group."""
    if name in ENTRY_POINTS:
        return 8, "entry"
    if name in FACTORY:
        return 7, "factory"
    if name in FOUNDATION:
        return 1, "foundation"
    parts = name.split(".")
    if parts[1] == "core":
        return 0, "core"
    assert parts[1] == "web" and len(parts) >= 4 or name in {f"scorer.web.{p}" for p in LAYERS}, (
        f"{name} lies flat in scorer/web: put it in a layer, or name it here as foundation or factory")
    group = parts[2]
    return LAYERS[group], group


def test_every_import_goes_down_or_stays_in_its_package() -> None:
    wrong = []
    for name, targets in graph().items():
        level, group = layer(name)
        for target in targets:
            if name.startswith(target + ".") and target == "scorer":
                continue  # the top package's __init__ (create_app re-exported, lazily) runs first anyway
            their_level, their_group = layer(target)
            if their_group == group:
                continue
            if their_level >= level:
                wrong.append(f"{name} (layer {level}, {group}) imports {target} (layer {their_level}, {their_group})")
    assert wrong == []


def screen_of(name: str) -> str | None:
    """The screen package a module belongs to (play, cards, records), if any."""
    parts = name.split(".")
    return parts[2] if len(parts) > 3 and parts[:2] == ["scorer", "web"] and parts[2] in SCREENS else None


def test_screens_never_import_one_another() -> None:
    wrong = [f"{name} imports {target}" for name, targets in graph().items() for target in targets
             if screen_of(name) and screen_of(target) and screen_of(name) != screen_of(target)]
    assert wrong == []


def test_no_import_cycle() -> None:
    edges = graph()
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for target in sorted(edges[node]):
            if state.get(target) == 1:
                cycles.append([*path[path.index(target):], target] if target in path else [node, target])
            elif target not in state:
                visit(target, [*path, target])
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node, [node])
    assert cycles == []


def test_the_core_imports_nothing_of_the_web() -> None:
    assert [f"{n} imports {t}" for n, ts in graph().items() if n.startswith("scorer.core")
            for t in ts if not t.startswith("scorer.core")] == []


def test_at_most_eight_modules_lie_flat_in_scorer_web() -> None:
    flat = sorted(p.name for p in (PACKAGE / "web").glob("*.py"))
    assert len(flat) <= 8, flat


def made_blueprints(tree: ast.AST, kinds: frozenset[str] = frozenset({"Blueprint"})) -> set[str]:
    """The names a module binds to a ``Blueprint(...)`` (or another of ``kinds``), whatever they
    are called."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Call):
            func = node.value.func
            called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if called in kinds:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                found |= {target.id for target in targets if isinstance(target, ast.Name)}
    return found


def blueprints(tree: ast.AST) -> set[str]:
    """The blueprints a module adds routes or commands to: its own, a command group of its own
    (``AppGroup``), and its package's ``bp`` imported from a package of scorer (``from
    scorer.web.play import bp``)."""
    imported = {alias.asname or alias.name for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("scorer.")
                for alias in node.names if alias.name == "bp"}
    return made_blueprints(tree, frozenset({"Blueprint", "AppGroup"})) | imported


def defines_routes(tree: ast.AST) -> bool:
    """Whether the module adds a route or a command to a blueprint of its own (by any name)."""
    named = blueprints(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in {"route", "get", "post", "command"}:
            owner = node.value
            if isinstance(owner, ast.Attribute) and owner.attr == "cli":  # bp.cli.command
                owner = owner.value
            if isinstance(owner, ast.Name) and owner.id in named:
                return True
    return False


def commits(tree: ast.AST) -> bool:
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "commit"
               for node in ast.walk(tree))


def test_no_module_outside_writes_commits() -> None:
    """``writes/`` is the one layer that commits (docs/ARCHITECTURE.md): a view, a command, the
    data layer's caches and the ratings' catch-up all go through it."""
    wrong = []
    for name, path in modules().items():
        if name.startswith("scorer.web.writes."):
            continue
        if commits(ast.parse(path.read_text())):
            wrong.append(name)
    assert wrong == []


def test_no_module_that_defines_routes_commits() -> None:
    wrong = []
    for name, path in modules().items():
        tree = ast.parse(path.read_text())
        if defines_routes(tree) and commits(tree):
            wrong.append(name)
    assert wrong == []


def test_one_blueprint_a_screen_package() -> None:
    """Each screen package makes one blueprint, in its ``blueprint.py`` (microblog's shape, without
    the cycle of a package importing its modules that import it back); no other module of scorer
    makes one."""
    made = {name: sorted(made_blueprints(ast.parse(path.read_text()))) for name, path in modules().items()}
    assert {name: found for name, found in made.items() if found} == {
        f"scorer.web.{screen}.blueprint": ["bp"] for screen in SCREENS}


def test_no_route_outside_the_screen_packages() -> None:
    """A route (or a command) lives in a screen package's module: not in ``policy/``, ``serving/``
    or the factory."""
    wrong = [name for name, path in modules().items()
             if defines_routes(ast.parse(path.read_text())) and name.split(".")[2:3] not in ([s] for s in SCREENS)]
    assert wrong == []


def imported_names(tree: ast.AST) -> set[str]:
    """Every ``module.name`` a module imports with ``from module import name`` (and every module it imports)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return found


def test_the_data_layer_never_reads_the_request() -> None:
    """``data/`` answers for the data whoever asks (a view, a command, the ratings' thread): what
    the request says (its phone, its language, its arguments) is passed in by the layer above."""
    wrong = [name for name, path in modules().items() if name.startswith("scorer.web.data.")
             and imported_names(ast.parse(path.read_text())) & {"flask.request", "flask.g", "flask.session"}]
    assert wrong == []


def test_the_presentation_layer_never_queries() -> None:
    """``presentation/`` words and shapes what it is given: it reads no database (issue 36)."""
    wrong = [name for name, path in modules().items() if name.startswith("scorer.web.presentation.")
             and imported_names(ast.parse(path.read_text())) & {"scorer.web.extensions.db", "sqlalchemy", "sqlalchemy.select"}]
    assert wrong == []


# The word functions: a module that calls one words something itself.
WORD_FUNCTIONS = {"gettext", "lazy_gettext", "ngettext", "pgettext", "npgettext", "lazy_ngettext", "lazy_pgettext",
                  "_", "_l", "N_"}


def words_in(tree: ast.AST) -> list[str]:
    """Where a module words something: an import of the language's word functions (or of Flask-Babel,
    Babel's catalogs, the language module itself), a call of one by any name."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module in ("scorer.web.language", "flask_babel", "babel.support") or (
                    node.module == "scorer.web" and any(alias.name == "language" for alias in node.names)):
                found.append(f"line {node.lineno}: from {node.module} import ...")
        elif isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {alias.name}" for alias in node.names
                      if alias.name in ("scorer.web.language", "flask_babel", "babel.support")]
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if called in WORD_FUNCTIONS:
                found.append(f"line {node.lineno}: {called}(...)")
    return found


def test_writes_and_data_word_nothing() -> None:
    """``writes/`` and ``data/`` state facts: a refusal is a code and its facts (``data/refusals``),
    worded by the screen (``presentation/refusal_words``); neither imports a word function nor
    calls one (issue 36, item 2)."""
    wrong = [f"{name} {where}" for name, path in modules().items()
             if name.startswith(("scorer.web.writes.", "scorer.web.data."))
             for where in words_in(ast.parse(path.read_text()))]
    assert wrong == []


@pytest.mark.parametrize("source, found", [
    ("from scorer.web.language import gettext\n", 1),
    ("from scorer.web import language\n", 1),
    ("import flask_babel\n", 1),
    ("x = _('Deal %(n)s', n=1)\n", 1),
    ("x = language.ngettext('a', 'b', 2)\n", 1),
    ("from scorer.web.data.refusals import Said\nx = Said('busy')\n", 0),
])
def test_the_word_finder_finds_words(source: str, found: int) -> None:
    assert len(words_in(ast.parse(source))) == found


@pytest.mark.parametrize("source, names", [
    ("from flask import request, g\n", {"flask.request", "flask.g"}),
    ("import sqlalchemy\nfrom scorer.web.extensions import db\n", {"sqlalchemy", "scorer.web.extensions.db"}),
])
def test_the_import_reader_sees_what_a_module_imports(source: str, names: set[str]) -> None:
    assert imported_names(ast.parse(source)) == names


@pytest.mark.parametrize("source, expected", [
    ("bp = Blueprint('x', __name__)\n@bp.post('/x')\ndef f():\n    db.session.commit()\n", (True, True)),
    ("def f():\n    db.session.commit()\n", (False, True)),
    ("bp = Blueprint('x', __name__)\n@bp.get('/x')\ndef f():\n    return 1\n", (True, False)),
    ("cli = Blueprint('c', __name__, cli_group=None)\n@cli.cli.command('go')\ndef f():\n    db.session.commit()\n",
     (True, True)),
    ("pages: Blueprint = Blueprint('p', __name__)\n@pages.route('/')\ndef f():\n    return 1\n", (True, False)),
    ("@other.get('/x')\ndef f():\n    return 1\n", (False, False)),  # not a blueprint of this module
    ("from scorer.web.play import bp\n@bp.post('/x')\ndef f():\n    db.session.commit()\n", (True, True)),
    ("from scorer.web.site import bp as pages\n@pages.get('/x')\ndef f():\n    return 1\n", (True, False)),
    ("stats = AppGroup('stats')\n@stats.command('go')\ndef f():\n    db.session.commit()\n", (True, True)),
])
def test_the_readers_see_routes_and_commits(source: str, expected: tuple[bool, bool]) -> None:
    tree = ast.parse(source)
    assert (defines_routes(tree), commits(tree)) == expected


def test_the_screens_read_a_match_only_as_the_phone_may_see_it() -> None:
    """Every page and download of one match loads it through ``policy/readers.py`` (a duplicate set's
    faster table is cut there for everyone outside it: issue 27), never with the bare lookup that
    would show it whole: no screen uses ``deletion.visible_or_404``."""
    wrong = []
    for name, path in modules().items():
        if name.split(".")[2:3] and name.split(".")[2] in SCREENS:
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Name | ast.Attribute | ast.alias):
                    found = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else node.name
                    if found == "visible_or_404":
                        wrong.append(name)
    assert sorted(set(wrong)) == []


LOOKUPS = {"get", "get_one", "get_or_404", "one_or_404", "first_or_404"}


def match_lookups(tree: ast.AST) -> list[int]:
    """The lines of ``tree`` that look a match up by its id themselves (``db.get_or_404(Match, …)``,
    ``db.session.get(Match, …)``, ``get_one(Match, …)``)."""
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in LOOKUPS
            and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id == "Match"]


def test_no_screen_looks_a_match_up_itself() -> None:
    """Issue 32: every screen reads a match through ``policy/readers.py``, which applies deletion
    and the night's publication; a bare lookup by id would show a deleted match, or a faster
    table's unpublished deals, to whoever asks."""
    wrong = [f"{name}:{line}" for name, path in modules().items()
             if name.split(".")[2:3] and name.split(".")[2] in SCREENS and name not in CONSOLE_COMMANDS
             for line in match_lookups(ast.parse(path.read_text()))]
    assert wrong == []


# Commands run on the server's console, not pages: they read every match whole, by design.
CONSOLE_COMMANDS = {"scorer.web.records.check"}  # flask check: compares every match with the core


@pytest.mark.parametrize(("source", "found"), [
    ("match = db.get_or_404(Match, 1)", [1]),
    ("match = db.session.get(Match, match_id)", [1]),
    ("x = db.session.get_one(Match, 3)", [1]),
    ("x = db.get_or_404(Change, 1)", []),
    ("x = readers.match_or_404(1)", []),
])
def test_the_lookup_finder_finds_a_bare_lookup(source: str, found: list[int]) -> None:
    assert match_lookups(ast.parse(source)) == found
