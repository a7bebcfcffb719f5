"""Every control a thumb may tap is at least 44×44 px on a 390×844 phone, on every screen.

Each screen is visited and every visible link, button, field, list, ``<summary>`` and label that
stands for a control (a chip or radio drawn by its label, the input itself hidden) is measured with
``getBoundingClientRect``. One exemption, WCAG 2.5.8's own: a link inside running text (it is
inline and the block around it holds words of its own), whose height is the line's. A checkbox or
radio is measured by its label when the label holds it (the whole label is what is tapped).
"""

from __future__ import annotations

import random

import pytest
from browserhelpers import make_classic_deal_set, record_hidden_first_deal, start_match
from playwright.sync_api import Page, expect

from scorer.core.samples import random_document
from scorer.web.extensions import db
from scorer.web.writes import imports

MIN = 44

# The measuring script: how many controls it measured, and "what width×height" of each one
# smaller than MIN on the page.
MEASURE = """(min) => {
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && el.closest('[hidden]') === null
      && !el.closest('.visually-hidden, .vh, .skip');
  };
  // A link in a sentence: inline, in a block whose own words go on around it (WCAG 2.5.8 "inline").
  const inSentence = (el) => {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    let block = el.parentElement;
    while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
    const around = block.textContent.replace(el.textContent, '').replace(/[\\s·|,.:;()–—-]+/g, ' ').trim();
    return around.split(' ').filter((w) => /\\p{L}/u.test(w)).length >= 3;
  };
  const describe = (el) => {
    const text = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || el.id || '')
      .replace(/\\s+/g, ' ').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ')[0] : ''} "${text}"`;
  };
  const small = [];
  const seen = new Set();
  const controls = document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary, label');
  for (let el of controls) {
    if (el.tagName === 'LABEL') {
      // A label is a control when it holds or names a radio or checkbox (a chip, a choice row).
      const input = el.control;
      if (!input || !['radio', 'checkbox'].includes(input.type)) continue;
    } else if (el.tagName === 'INPUT' && ['radio', 'checkbox'].includes(el.type)) {
      // The label around it or naming it is the target; a lone box is measured itself.
      if (el.labels && el.labels.length) continue;
    }
    if (!visible(el) || inSentence(el) || seen.has(el)) continue;
    seen.add(el);
    const box = el.getBoundingClientRect();
    if (box.width < min - 0.5 || box.height < min - 0.5) {
      small.push(`${describe(el)} ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  return {measured: seen.size, small};
}"""


def small_targets(page: Page, screen: str) -> list[str]:
    """The controls under 44×44 px on the page as it is, in light and dark (a theme may size a border)."""
    found: list[str] = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        result = page.evaluate(MEASURE, MIN)
        assert result["measured"] >= 3, f"{screen}: only {result['measured']} controls found; is the page drawn?"
        found += [f"{screen} ({scheme}): {line}" for line in result["small"]]
    page.emulate_media(color_scheme="light")
    return found


def add_matches(app, documents: list[dict]) -> list[int]:
    with app.app_context():
        outcome = imports.import_documents([(str(i), doc) for i, doc in enumerate(documents)])
        db.session.commit()
        return [match.id for match in outcome.added]


def open_every_details(page: Page, scope: str = "main") -> None:
    """Open every folded panel, so that the controls inside are measured too."""
    closed = page.locator(f"{scope} details:not([open]) > summary:visible")
    for _ in range(20):
        if not closed.count():
            break
        closed.first.tap()


@pytest.mark.browser
def test_every_control_is_at_least_44_px(page: Page, live_app, _server, app_factory):
    documents = [random_document(random.Random(seed), ruleset, max_deals=9, unfinished=0)
                 for seed, ruleset in ((1, "jokerless"), (2, "four-partners"), (3, "eighteen"))]
    ids = add_matches(live_app, documents)
    start_match(page, ["Ann", "Bob", "Cy"])
    scoreboard = page.url
    match_id = int(scoreboard.rstrip("/").rsplit("/", 1)[1])
    deal_form = record_hidden_first_deal(page, ["Ann", "Bob", "Cy"])
    # A match to delete, for Recently deleted.
    start_match(page, ["Di", "Ed", "Flo"])
    page.get_by_role("link", name="Delete match…").tap()
    page.get_by_role("button", name="Delete the match").tap()
    expect(page.locator(".flash")).to_contain_text("The match was deleted")
    organise = make_classic_deal_set(page)

    screens = [
        ("home", "/"),
        ("new match", "/matches/new"),
        ("scoreboard", scoreboard),
        ("deal form", deal_form),
        ("deal form, editing", f"{scoreboard}/deals/1/edit"),
        ("share", f"{scoreboard}/share"),
        ("changes", f"/matches/{match_id}/changes"),
        ("match record", f"/history/{ids[0]}"),
        ("finished scoreboard", f"/matches/{ids[0]}"),
        ("history", "/history/"),
        ("history, filtered", "/history/?ruleset=jokerless&state=finished"),
        ("stats, everyone", "/stats/"),
        ("stats, a player", "/stats/players/1"),
        ("stats, a ruleset", "/stats/?ruleset=four-partners"),
        ("rename a player", "/players/1/rename"),
        ("import", "/import"),
        ("blank sheets", "/sheets/blank"),
        ("match sheet", f"/matches/{ids[0]}/sheet"),
        ("deal sets", "/deal-sets/"),
        ("new deal set", "/deal-sets/new"),
        ("a deal set", "/deal-sets/1"),
        ("the organiser's page", organise),
        ("the director's screen", "/deal-sets/1/screen"),
        ("packs", "/pack"),
        ("recently deleted", "/deleted"),
        ("error page", "/matches/99999"),
    ]
    found: list[str] = []
    for screen, url in screens:
        page.goto(url)
        open_every_details(page)
        found += small_targets(page, screen)
        if screen == "scoreboard":  # the menu of the play screens, opened
            open_every_details(page, "header")
            found += small_targets(page, "scoreboard, menu open")
    # The sign-in page, on a site with a passcode.
    _server[0].app = app_factory(SCORER_PASSCODE="2468")
    page.context.clear_cookies()
    page.goto("/sign-in")
    expect(page.get_by_label("Passcode")).to_be_visible()
    found += small_targets(page, "sign-in")
    assert found == [], "controls smaller than 44×44 px:\n" + "\n".join(found)
