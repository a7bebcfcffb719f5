"""Accessibility checked by a machine: every screen, light and dark, on a phone (390×844) and a
desktop (1280×800), and the printed sheets with print media emulated, passes axe-core with no
serious or critical violation.

axe-core comes bundled with ``axe-playwright-python``; it is put into the page with
``page.evaluate`` (the DevTools protocol, which the page's Content-Security-Policy does not
govern), so the CSP stays on and any violation of it still fails the test (conftest.py).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from axe_playwright_python.sync_playwright import Axe
from browserhelpers import make_classic_deal_set, record_hidden_first_deal, sheet_of, start_dealt_match, start_match, take_seat
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import select

from scorer.core.samples import random_document
from scorer.web.data.models import DealtDeal
from scorer.web.extensions import db
from scorer.web.writes import imports

AXE = Axe()
_RULES: list[str] = []


def every_rule(page: Page) -> dict:
    """axe's options to run every rule that applies, not only its default set: the experimental and
    best-practice ones and those off by default (target-size) included, as the outside audit ran
    them. Left out: the rules of WCAG's AAA level alone (color-contrast-enhanced's 7:1, links
    named alike going to one place, no timed refresh at all), a level the app does not claim;
    it meets AA (docs/DECISIONS.md)."""
    if not _RULES:
        page.evaluate(AXE.axe_script)
        _RULES.extend(page.evaluate(
            "axe.getRules().filter(rule => !rule.tags.some(tag => /^wcag2\\d*aaa$/.test(tag))).map(rule => rule.ruleId)"))
        assert "target-size" in _RULES and "label-content-name-mismatch" in _RULES and "color-contrast-enhanced" not in _RULES
    return {"runOnly": {"type": "rule", "values": _RULES}, "resultTypes": ["violations"]}
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
SCHEMES = ("light", "dark")
IMPACTS = {"minor", "moderate", "serious", "critical"}


# The table's big screen: a laptop and a TV beside the table.
BIG_SCREENS = {"tv": {"width": 1920, "height": 1080}, "laptop": {"width": 1280, "height": 720}}


def problems(page: Page, screen: str, print_media: bool = False, sizes: dict[str, dict[str, int]] = SIZES) -> list[str]:
    """axe-core's serious and critical findings on the page as it is, in every size and scheme
    (and printed, for paper), each as one readable line."""
    found: list[str] = []
    backgrounds: dict[tuple[str, str], str] = {}
    variants = [(size, scheme, "screen") for size in sizes for scheme in SCHEMES]
    if print_media:
        variants += [("desktop", "light", "print")]
    for size, scheme, media in variants:
        page.set_viewport_size(sizes[size])
        page.emulate_media(color_scheme=scheme, media=media)
        backgrounds[scheme, media] = page.evaluate("getComputedStyle(document.body).backgroundColor")
        results = AXE.run(page, options=every_rule(page)).response
        for violation in results["violations"]:
            if violation["impact"] in IMPACTS:
                targets = [" ".join(map(str, node["target"])) for node in violation["nodes"][:4]]
                summary = violation["nodes"][0].get("failureSummary", "").replace("\n", " ")[:200]
                found.append(f"{screen} ({size}, {scheme}, {media}): {violation['id']} "
                             f"[{violation['impact']}] on {targets}: {summary}")
    page.set_viewport_size(SIZES["phone"])
    page.emulate_media(color_scheme="light", media="screen")
    # The dark runs really saw the dark theme.
    assert backgrounds["light", "screen"] != backgrounds["dark", "screen"], f"{screen}: no dark theme"
    return found


def audit(page: Page, screens: list[tuple[str, Callable[[], None], bool]], found: list[str] | None = None,
          sizes: dict[str, dict[str, int]] = SIZES) -> None:
    """Visit each screen and check it; every finding of every screen is reported at once."""
    found = list(found or [])
    for screen, go, print_media in screens:
        go()
        found += problems(page, screen, print_media, sizes)
    assert found == [], "axe-core found:\n" + "\n".join(found)


def visit(page: Page, url: str) -> Callable[[], None]:
    return lambda: page.goto(url)


def add_matches(app, documents: list[dict]) -> list[int]:
    with app.app_context():
        outcome = imports.import_documents([(str(i), doc) for i, doc in enumerate(documents)])
        db.session.commit()
        return [match.id for match in outcome.added]


def open_options(page: Page) -> None:
    page.goto("/matches/new")
    closed = page.locator("#new-match details:not([open]) > summary:visible")
    assert closed.count() >= 3
    while closed.count():
        closed.first.tap()
    expect(page.locator("#new-match details[open]")).not_to_have_count(0)
    # Audited from the top, as it opens: the taps scrolled it, leaving a radio button under the
    # sticky top bar, which axe's target-size counts as covered at that scroll position.
    page.evaluate("window.scrollTo(0, 0)")


def refused(page: Page, url: str, button: str) -> None:
    """A form sent empty: the page comes back with its messages beside the fields."""
    page.goto(url)
    page.get_by_role("button", name=button).first.tap()
    expect(page.locator(".error-summary, .field-error").first).to_be_visible()


@pytest.mark.browser
def test_playing_screens_pass_axe(page: Page, shoot):
    start_match(page, ["Ann", "Bob", "Cy"])
    table_match = page.url
    three_players = record_hidden_first_deal(page, ["Ann", "Bob", "Cy"])
    start_match(page, ["Dee", "Eve"], ruleset="Two with dummy")
    page.get_by_role("link", name="Record deal 1").tap()
    expect(page).to_have_url(re.compile(r"/deals/new$"))
    two_dummy = page.url
    audit(page, [
        ("home", visit(page, "/"), False),
        ("new match, options open", lambda: open_options(page), False),
        ("scoreboard, table mode", visit(page, table_match), False),
        ("scoreboard, latest deal in parts", lambda: (page.goto(table_match),
                                                      page.locator("#latest-parts summary").tap()), False),
        ("a deal's page", visit(page, table_match + "/deals/1"), False),
        ("deal form, three players", visit(page, three_players), False),
        ("deal form, two with dummy", visit(page, two_dummy), False),
        ("error page", visit(page, "/matches/99999"), False),
        ("new match, refused", lambda: refused(page, "/matches/new", "Start the match"), False),
        ("deal form, refused", lambda: refused(page, three_players, "Save deal 2"), False),
    ])
    # The dummy's tile, dimmed by colour now rather than opacity: look at it.
    page.goto(two_dummy.rsplit("/deals/", 1)[0])
    expect(page.locator(".score-tile.dummy")).to_be_visible()
    shoot("a11y-two-dummy-light", full_page=False)
    page.emulate_media(color_scheme="dark")
    shoot("a11y-two-dummy-dark", full_page=False)


@pytest.mark.browser
def test_card_screens_pass_axe(page: Page, browser: Browser, browser_context_args, live_app):
    match_id = start_dealt_match(page)
    scoreboard = page.url
    with live_app.app_context():
        token = db.session.scalar(select(DealtDeal).where(DealtDeal.match_id == match_id)).links[0].token
    player = browser.new_context(**browser_context_args).new_page()
    player.goto(f"/hand/{token}")
    take_seat(player, "Ann")
    expect(player.get_by_role("group", name=re.compile("Your 12 cards"))).to_be_visible()
    hand_found = problems(player, "hand page, seat taken")
    player.context.close()

    record_hidden_first_deal(page, ["Ann", "Bob", "Cy"])

    organise = make_classic_deal_set(page)
    set_sheet = sheet_of(page, organise)
    audit(page, [
        ("scoreboard, app deals, hands panel", visit(page, scoreboard), False),
        ("dealt cards", visit(page, f"/matches/{match_id}/deals/1/cards"), False),
        ("deal sets", visit(page, "/deal-sets/"), False),
        ("new deal set", visit(page, "/deal-sets/new"), False),
        ("deal set compare", visit(page, "/deal-sets/1"), False),
        ("the organiser's page", visit(page, organise), False),
        ("the director's screen", visit(page, "/deal-sets/1/screen"), False),
        ("deal set sheet", visit(page, set_sheet), True),
        ("packs", visit(page, "/pack"), False),
    ], found=hand_found)


@pytest.mark.browser
def test_record_screens_pass_axe(page: Page, live_app):
    documents = [random_document(random.Random(seed), ruleset, max_deals=9, unfinished=0)
                 for seed, ruleset in ((1, "jokerless"), (2, "four-partners"), (3, "two-dummy"))]
    ids = add_matches(live_app, documents)
    audit(page, [
        ("history", visit(page, "/history/"), False),
        ("history, a bad date", visit(page, "/history/?start=21.11.2026"), False),
        ("match record", visit(page, f"/history/{ids[0]}"), False),
        ("stats", visit(page, "/stats/"), False),
        ("player stats", visit(page, "/stats/players/1"), False),
        ("ratings, every kind", visit(page, "/stats/ratings?kind=every"), False),
        ("rename", visit(page, "/players/1/rename"), False),
        ("import", visit(page, "/import"), False),
        ("blank-sheet form", visit(page, "/sheets/blank"), False),
        ("blank sheet", visit(page, "/sheets/blank?ruleset=four-partners&pages=1"), True),
        ("match sheet", visit(page, f"/matches/{ids[0]}/sheet"), True),
        ("match sheet, partners", visit(page, f"/matches/{ids[1]}/sheet"), True),
    ])


@pytest.mark.browser
def test_the_big_screen_passes_axe(page: Page, live_app):
    """The table's big screen at 1920×1080 and 1280×720, light and dark: before deal 1 (the
    chances), under way (the last deal in parts), at the end (the winner and the ratings), and
    the table's screen before any match."""
    page.goto("/screen")
    found = problems(page, "the table's big screen, no match yet", sizes=BIG_SCREENS)
    documents = [random_document(random.Random(seed), ruleset, max_deals=9, unfinished=unfinished)
                 for seed, ruleset, unfinished in ((1, "jokerless", 0), (4, "five", 1), (3, "two-dummy", 0))]
    ids = add_matches(live_app, documents)
    start_match(page, ["Ann", "Bob", "Cy"])
    fresh = page.url.rsplit("/", 1)[1]
    audit(page, [
        ("big screen, before deal 1", visit(page, f"/screen/{fresh}"), False),
        ("big screen, match over", visit(page, f"/screen/{ids[0]}"), False),
        ("big screen, five players", visit(page, f"/screen/{ids[1]}"), False),
        ("big screen, with a dummy", visit(page, f"/screen/{ids[2]}"), False),
        ("the table's big screen", visit(page, "/screen"), False),
    ], found=found, sizes=BIG_SCREENS)
