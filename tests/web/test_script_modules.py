"""The pages' scripts as ES modules (issue 36, item 6): no shared global, each page's entry module
linked with what it imports into one file (serving/modules.py, assets.ENTRIES), each page's file
holding its own code and not the other pages', with its modules' words; and the linker's
refusals, raised at start."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cardhelpers import app_match, dealt, new_set, take_seat
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import phone, start_match

from scorer.web import language
from scorer.web.presentation import script_words
from scorer.web.serving import modules
from scorer.web.serving.assets import ENTRIES, INLINE, Assets

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
TEMPLATES = ROOT / "templates"
# The scripts that stay classic scripts, each saying why in its first lines: the service worker,
# and the two written into pages, which must run before the first paint (a module is deferred).
CLASSIC = {"sw.js", "theme.js", "sheet-fit.js"}
SCRIPT = re.compile(r'<script type="module" src="(/static/[^"]+)"></script>')

# A feature's code, by a name only its module declares (kept by the minifier).
FEATURES = {
    "deal form": "function dealForm(",
    "deal form's kept save": "function showFormNote(",
    "new-match form": "function newMatchForm(",
    "big screen": "function screen(",
    "fullscreen": 'getElementById("fullscreen")',
    "scoreboard rows": "function showRows(",
    "live board": "function board(",
    "bid helper": "function bidHelper(",
    "deal set form": "function dealSetForm(",
    "sheets": "function namesFor(",
    "kept saves": "function sendKept(",
}


def script_of(client: FlaskClient, path: str) -> str:
    """The page's one script, followed from its tag: the linked file it names."""
    page = client.get(path)
    assert page.status_code == 200, path
    found = SCRIPT.findall(page.text)
    assert len(found) == 1, (path, found)
    assert "<script defer" not in page.text and "<script src" not in page.text, path
    script = client.get(found[0])
    assert script.status_code == 200 and script.mimetype == "text/javascript", found[0]
    return script.text


def features(script: str) -> set[str]:
    return {name for name, marker in FEATURES.items() if marker in script}


def test_no_module_touches_a_shared_global() -> None:
    """Nothing reads or writes window.ninetyNine (or any name hung off it): the modules import
    what they use. The classic scripts left say why they are not modules."""
    touching = {path.name for path in STATIC.glob("*.js") if re.search(r"\bninetyNine", path.read_text())}
    assert touching == set()
    for path in STATIC.glob("*.js"):
        text = path.read_text()
        if path.name in CLASSIC:
            assert "not a module" in text.lower() or "classic script" in text.lower(), path.name
            assert not re.search(r"^(import|export)\b", text, re.M), path.name
        else:
            assert not text.lstrip().startswith("(function"), f"{path.name}: a module needs no wrapper"


def test_every_page_script_of_the_templates_is_an_entry() -> None:
    named = set()
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text()
        named.update(re.findall(r"script_module\('([^']+)'\)", text))
        # No template asks for a script by its file any more: each page names its entry.
        assert not re.search(r"<script[^>]*\bsrc=", text), path.name
    assert named == set(ENTRIES)


def test_each_page_links_its_own_feature_and_no_other_pages(app: Flask, client: FlaskClient) -> None:
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    everywhere = {"kept saves"}
    pages = {
        "/": set(),
        f"/matches/{match_id}/deals/new": {"deal form", "deal form's kept save"},
        f"/matches/{match_id}": {"scoreboard rows", "live board"},
        "/matches/new": {"new-match form"},
        f"/screen/{match_id}": {"big screen", "fullscreen"},
        "/stats/ratings": {"live board"},
        f"/matches/{match_id}/sheet": {"sheets"},
        "/sheets/blank": {"sheets"},
    }
    for path, own in pages.items():
        assert features(script_of(client, path)) == own | everywhere, path
    # A player's hand, where the app deals: the bid helper, and no scorekeeper's form.
    dealt_id = app_match(client)
    token = dealt(app, dealt_id)["tokens"][0]
    player = app.test_client()
    assert take_seat(player, token).status_code == 303
    assert features(script_of(player, f"/hand/{token}")) == {"bid helper"} | everywhere
    # A club night's director's screen: live as a board, with its Fullscreen button; its deal set form.
    organiser = phone(app, "192.168.1.5")
    set_id = new_set(organiser, count="6")
    assert features(script_of(organiser, f"/deal-sets/{set_id}/screen")) == {"live board", "fullscreen"} | everywhere
    assert features(script_of(organiser, f"/deal-sets/{set_id}/organise")) == {"live board"} | everywhere
    assert features(script_of(organiser, "/deal-sets/new")) == {"deal set form"} | everywhere


def test_the_deal_form_links_its_styles_by_their_hashed_names(client: FlaskClient) -> None:
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    page = client.get(f"/matches/{match_id}/deals/new").text
    assert "<style" not in page
    sheets = re.findall(r'<link rel="stylesheet" href="(/static/[^"]+)">', page)
    assert len(sheets) == 1 and re.fullmatch(r"/static/play\.[0-9a-f]{8}\.css", sheets[0]), sheets
    assert client.get(sheets[0]).headers["Cache-Control"].endswith("immutable")
    assert INLINE == ("theme.js", "sheet-fit.js")


def test_a_linked_file_carries_the_words_of_its_modules_and_no_more(app: Flask) -> None:
    """Every word a linked module says by name is in its file's words; the deal form's file carries
    no word of the scoreboard's or the big screen's."""
    found: Assets = app.extensions["assets"]
    with app.test_request_context():
        for entry, linked in found.linked.items():
            words = script_words.for_modules(linked.modules)
            said = {key for name in linked.modules if name != "words.js"
                    for key in re.findall(r'\bsay\("(\w+)"', re.sub(r"//[^\n]*", "", (STATIC / name).read_text()))}
            assert said - set(words) == set(), entry
        form = script_words.for_modules(found.linked["page-deal-form.js"].modules)
        assert "tricksLeft" in form and "keptTitle" not in form and "screenGone" not in form and "player" not in form


def test_a_german_page_gets_its_script_in_german(app: Flask, client: FlaskClient) -> None:
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    german = client.get(f"/matches/{match_id}/deals/new", headers={"Accept-Language": "de"}).text
    address = SCRIPT.findall(german)[0]
    assert re.fullmatch(r"/static/page-deal-form\.de\.[0-9a-f]{8}\.js", address), address
    script = client.get(address)
    assert script.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    with app.test_request_context(), language.forced("de"):
        next_deal = str(language.gettext("Next deal"))
    assert next_deal != "Next deal" and f'"nextDeal":"{next_deal}"' in script.text
    assert "const words={}" not in script.text


# ---------------------------------------------------------------------------- the linker


def test_the_linker_writes_each_module_once_after_what_it_imports() -> None:
    sources = {
        "entry.js": 'import "./b.js";\nimport { one } from "./a.js";\none();\n',
        "a.js": '"use strict";\nexport function one() { return two; }\nexport const two = 2;\n',
        "b.js": 'import { two } from "./a.js";  // a comment\nvar three = two + 1, four = [two, 2];\n',
    }
    linked = modules.link("entry.js", sources)
    assert linked.modules == ("a.js", "b.js", "entry.js")
    assert linked.code == ("function one() { return two; }\nconst two = 2;\n"
                           "var three = two + 1, four = [two, 2];\none();\n")


def test_the_linker_refuses_a_name_declared_by_two_modules() -> None:
    sources = {"entry.js": 'import "./a.js";\nimport "./b.js";\n', "a.js": "function show() {}\n",
               "b.js": "var later = 1, show = 2;\n"}
    with pytest.raises(modules.LinkError, match="show is declared by both a.js and b.js"):
        modules.link("entry.js", sources)


def test_the_linker_refuses_an_import_of_a_name_not_exported() -> None:
    sources = {"entry.js": 'import { hidden } from "./a.js";\n', "a.js": "function hidden() {}\nexport const shown = 1;\n"}
    with pytest.raises(modules.LinkError, match="imports hidden from a.js, which does not export it"):
        modules.link("entry.js", sources)


def test_the_linker_refuses_an_import_cycle() -> None:
    sources = {"entry.js": 'import "./a.js";\n', "a.js": 'import { b } from "./b.js";\nexport const a = 1;\n',
               "b.js": 'import { a } from "./a.js";\nexport const b = 2;\n'}
    with pytest.raises(modules.LinkError, match="an import cycle: a.js → b.js → a.js"):
        modules.link("entry.js", sources)


@pytest.mark.parametrize("source, refusal", [
    ('import "./nowhere.js";\n', "does not exist"),
    ('import { a as b } from "./a.js";\n', "no 'as'"),
    ('import a from "./a.js";\n', "cannot read"),
    ('export default 1;\n', "an export the linker cannot read"),
    ('const { a, b } = {};\n', "cannot read the names"),
])
def test_the_linker_refuses_what_it_cannot_read(source: str, refusal: str) -> None:
    with pytest.raises(modules.LinkError, match=refusal):
        modules.link("entry.js", {"entry.js": source, "a.js": "export const a = 1;\n"})


def test_a_static_folder_whose_modules_cannot_be_linked_is_refused_at_start(tmp_path: Path) -> None:
    for name in INLINE:
        (tmp_path / name).write_bytes((STATIC / name).read_bytes())
    (tmp_path / "page.js").write_text('import "./a.js";\nimport "./b.js";\n')
    (tmp_path / "a.js").write_text("export function show() {}\n")
    (tmp_path / "b.js").write_text("function show() {}\n")
    with pytest.raises(modules.LinkError, match="show is declared by both"):
        Assets(tmp_path)
    (tmp_path / "b.js").write_text("function shown() {}\n")
    assert Assets(tmp_path).linked["page.js"].modules == ("a.js", "b.js", "page.js")


def test_the_service_worker_keeps_what_the_offline_pages_run(client: FlaskClient) -> None:
    """The app shell the worker caches names the scoreboard's and the deal form's linked scripts and
    styles under the addresses the pages ask for (sw.js; tests/browser/test_browser_offline_*.py)."""
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    worker = client.get("/sw.js").text
    for path in (f"/matches/{match_id}", f"/matches/{match_id}/deals/new", "/offline"):
        page = client.get(path).text
        for address in SCRIPT.findall(page) + re.findall(r'<link rel="stylesheet" href="(/static/[^"]+)">', page):
            assert f'"{address}"' in worker, (path, address)
