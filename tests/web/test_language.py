"""The table's language (scorer/web/language.py, site/language.py, issue 28): picked by the phone's
Accept-Language at first, changed by the switch and kept in a cookie; the page's <html lang>, the
manifest's name, the service worker's cache and the dates follow it."""

from __future__ import annotations

import html
import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from cardhelpers import app_match, dealt
from flask.testing import FlaskClient
from recordhelpers import add_documents, sample
from webhelpers import phone

from scorer.web import language


def html_lang(page: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', page)
    assert found
    return found.group(1)


@pytest.mark.parametrize("header, wanted", [
    ("de-DE,de;q=0.9,en;q=0.8", "de"),
    ("de-AT", "de"),
    ("en-GB,en;q=0.9", "en"),
    ("fr-FR,fr;q=0.9", "en"),      # a language the app does not speak: English
    ("fr-FR,de;q=0.5", "de"),      # ... unless the phone accepts one it does
    ("", "en"),
])
def test_the_phones_accept_language_picks_the_language_at_first(client: FlaskClient, header: str, wanted: str) -> None:
    page = client.get("/", headers={"Accept-Language": header} if header else {})
    assert html_lang(page.text) == wanted


def test_the_switch_keeps_the_choice_in_a_cookie_and_goes_back_to_the_page(client: FlaskClient) -> None:
    german = {"Accept-Language": "de"}
    answer = client.post("/language", data={"lang": "en", "next": "/history/?state=finished"}, headers=german)
    assert answer.status_code == 303 and answer.headers["Location"] == "/history/?state=finished"
    cookie = client.get_cookie(language.COOKIE)
    assert cookie is not None and cookie.value == "en" and cookie.http_only
    assert html_lang(client.get("/", headers=german).text) == "en"  # the choice beats the phone's setting
    client.post("/language", data={"lang": "de", "next": "/"})
    assert html_lang(client.get("/").text) == "de"


@pytest.mark.parametrize("form", [{"lang": "fr", "next": "/"}, {"lang": "", "next": "/"}, {"next": "/"}])
def test_a_language_the_app_does_not_speak_changes_nothing(client: FlaskClient, form: dict[str, str]) -> None:
    answer = client.post("/language", data=form)
    assert answer.status_code == 400 and client.get_cookie(language.COOKIE) is None


@pytest.mark.parametrize("target", ["https://elsewhere.example/", "//elsewhere.example/", "/\\elsewhere"])
def test_the_switch_goes_back_to_this_site_only(client: FlaskClient, target: str) -> None:
    answer = client.post("/language", data={"lang": "de", "next": target})
    assert answer.status_code == 303 and answer.headers["Location"] == "/"


def switch_of(page: str) -> str:
    """The page's language switch (its form), which must be there."""
    found = re.search(r'<form class="lang-switch[^"]*" method="post" action="/language">.*?</form>', page, re.S)
    assert found is not None, "no language switch on the page"
    return found.group(0)


def comes_back_to(switch: str) -> str:
    found = re.search(r'<input type="hidden" name="next" value="([^"]*)">', switch)
    assert found is not None, switch
    return html.unescape(found.group(1))


def test_every_page_offers_the_other_language_and_never_echoes_a_secret_address(app, client: FlaskClient) -> None:
    switch = switch_of(client.get("/history/?state=finished").text)
    assert re.search(r'<button type="submit" name="lang" value="de"[^>]*>DE<span class="visually-hidden"> Deutsch</span></button>', switch)
    assert comes_back_to(switch) == "/history/?state=finished"
    german = switch_of(client.get("/", headers={"Accept-Language": "de"}).text)
    assert re.search(r'name="lang" value="en"[^>]*>EN<span class="visually-hidden"> English</span></button>', german)
    # Pages whose address carries a secret: a real invite to keep score, and a seat's hand page.
    match_id = app_match(client)
    share = client.get(f"/matches/{match_id}/share").text
    link = re.search(r'href="http://localhost(/matches/\d+/join\?invite=([^"&]+)[^"]*)"', share)
    assert link is not None
    friend = phone(app, "192.168.1.30")
    invite = friend.get(html.unescape(link.group(1)))
    assert invite.status_code == 200 and 'name="invite"' in invite.text  # the invite's own page
    switch = switch_of(invite.text)
    assert comes_back_to(switch) == f"/matches/{match_id}/join" and link.group(2) not in switch
    token = dealt(app, match_id)["tokens"][0]
    hand = friend.get(f"/hand/{token}")
    assert hand.status_code == 200
    switch = switch_of(hand.text)
    assert comes_back_to(switch) == "/" and token not in switch


def test_the_manifest_is_in_the_language_its_link_names(client: FlaskClient) -> None:
    english = json.loads(client.get("/manifest.webmanifest?lang=en").data)
    german = json.loads(client.get("/manifest.webmanifest?lang=de").data)
    assert (english["name"], english["lang"]) == ("Ninety-Nine score keeper", "en")
    assert (german["name"], german["lang"]) == ("Ninety-Nine-Punktezähler", "de")
    page = client.get("/", headers={"Accept-Language": "de"}).text
    assert '<link rel="manifest" href="/manifest.webmanifest?lang=de">' in page


def test_the_service_workers_cache_is_named_after_the_language(client: FlaskClient) -> None:
    """A phone that switches language gets a new worker (its source differs), whose cache fills in
    the new language; what the old one kept stays as it was fetched until then."""
    english = re.search(rb'var CACHE = "([^"]+)"', client.get("/sw.js").data)
    german = re.search(rb'var CACHE = "([^"]+)"', client.get("/sw.js", headers={"Accept-Language": "de"}).data)
    assert english and german and english.group(1).endswith(b"-en") and german.group(1).endswith(b"-de")


def test_dates_follow_the_language(app, client: FlaskClient) -> None:
    add_documents(app, [sample(1, "jokerless", played_at=datetime(2026, 3, 5, 19, 30, tzinfo=UTC))])
    assert "5 Mar 2026, 19:30" in client.get("/history/").text
    assert "5. März 2026, 19:30" in client.get("/history/", headers={"Accept-Language": "de"}).text


def test_the_switch_needs_no_token_so_a_page_made_for_many_phones_holds_none(csrf_client) -> None:
    """A club night's board is made once for every phone outside its table (serving/kept_pages.py)
    and the service worker keeps copies: a page holds no phone's CSRF token for the switch, which
    only sets the phone's own language (DECISIONS; docs/SECURITY.md)."""
    switch = switch_of(csrf_client.get("/history/").text)
    assert "csrf_token" not in switch
    answer = csrf_client.post("/language", data={"lang": "de", "next": "/history/"})
    assert answer.status_code == 303 and csrf_client.get_cookie(language.COOKIE).value == "de"


# ---------------------------------------------------------------------------- the catalog is whole

CATALOG = Path(__file__).resolve().parents[2] / "scorer" / "translations" / "de" / "LC_MESSAGES" / "messages.po"
ROOT = CATALOG.parents[4]
KEYWORDS = {**DEFAULT_KEYWORDS, "lazy_gettext": None, "_l": None, "counted": (1, 2)}


def source_msgids() -> set[tuple[str | None, str]]:
    """Every (context, msgid) the sources hold, read as ``make translations-extract`` reads them."""
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
            ROOT, method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True):
        found.add((context, message if isinstance(message, str) else message[0]))
    return found


def test_every_word_of_the_app_is_in_the_catalog_and_translated() -> None:
    """A msgid added to the code but not to messages.po, an entry left empty, or one Babel only
    guessed (fuzzy, not used by the app) shows English on a German page."""
    with CATALOG.open("rb") as po:
        catalog = read_po(po)
    entries = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalog if m.id}
    missing = sorted(msgid for key in source_msgids() if key not in entries for msgid in [key[1]])
    assert missing == [], f"not in messages.po (make translations-extract translations-update): {missing[:20]}"
    empty = [key[1] for key, m in entries.items() if not (all(m.string) if isinstance(m.string, tuple) else m.string)]
    fuzzy = [key[1] for key, m in entries.items() if m.fuzzy]
    assert empty == [] and fuzzy == [], f"untranslated: {empty[:20]}; fuzzy: {fuzzy[:20]}"
    assert [error for _m, errors in catalog.check() for error in errors] == []  # placeholders kept


def test_words_kept_per_language_follow_each_requests_language(app):
    """``language.per_language`` keeps a card's words once a language: the German and the English
    phone asking in turn each get their own."""
    from scorer.web.play.deal_form import turn_up_choices
    from scorer.web.presentation.formatting import card_words

    for code, words, group in [("en", "Queen of hearts", "♥ Hearts"), ("de", "Herz Dame", "♥ Herz"),
                                   ("en", "Queen of hearts", "♥ Hearts")]:
        with app.test_request_context("/", headers={"Accept-Language": code}):
            assert card_words("QH") == words
            assert ("QH", f"Q♥ · {words}") in turn_up_choices(["QH", "2C"])[group]


def test_the_language_buttons_name_begins_with_what_it_reads(client):
    """Issue 34 (axe's label-in-name): the top bar's button reads "DE"; its accessible name was
    "Deutsch", so a voice-control user saying "tap DE" could not. It is "DE Deutsch" now: its own
    text, the language's name hidden from sight."""
    import re as regex
    page = client.get("/", headers={"Accept-Language": "en"}).text
    button = regex.search(r'<button[^>]*class="theme-toggle lang-toggle"[^>]*>(.*?)</button>', page, regex.S)
    assert button is not None and "aria-label" not in button.group(0)
    shown = regex.sub(r'<span class="visually-hidden">.*?</span>', "", button.group(1))
    named = regex.sub(r"<[^>]+>", "", button.group(1))
    assert shown.strip() == "DE" and named.strip() == "DE Deutsch"
