"""A phone in another zone sees the table's time, as the server wrote it: no script rewrites a
``<time>`` into the phone's own zone (an evening game would show the next day's date)."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest
from browserhelpers import start_match
from playwright.sync_api import Browser, expect


@pytest.mark.browser
def test_a_phone_abroad_shows_the_tables_time(page, browser: Browser, browser_context_args, live_app):
    live_app.extensions["scorer.timezone"] = ZoneInfo("Europe/Berlin")
    start_match(page, ["Ann", "Bob", "Cy"])
    page.goto("/")
    shown = page.locator("time").first
    written = shown.get_attribute("datetime")
    assert written is not None and written.endswith(("+01:00", "+02:00"))  # Berlin's offset
    server_text = shown.inner_text()
    abroad = browser.new_context(**browser_context_args, timezone_id="America/Los_Angeles").new_page()
    abroad.goto(page.url)
    expect(abroad.locator("time").first).to_have_text(server_text)
    assert abroad.evaluate("new Date().getTimezoneOffset()") >= 420  # the phone really is in LA
    abroad.context.close()
