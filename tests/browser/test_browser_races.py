"""A phone whose change lost a race, in the browser: it is told, shown the deal as saved, and a
second tap on Save sends its figures again against the match as it is now (the draft kept on the
phone must not bring back the out-of-date version)."""

from __future__ import annotations

import pytest
from browserhelpers import bid, save, start_match, tricks
from playwright.sync_api import expect
from sqlalchemy import select, update

from scorer.web.data.models import Deal, Match
from scorer.web.extensions import db


@pytest.mark.browser
def test_an_edit_refused_as_out_of_date_goes_through_when_sent_again(page, live_app, shoot):
    start_match(page, ["Ann", "Bob", "Cy"])
    match_id = page.url.rstrip("/").rsplit("/", 1)[1]
    page.goto(f"/matches/{match_id}/deals/new")
    for name, value, took in (("Ann", 4, 4), ("Bob", 1, 2), ("Cy", 2, 3)):
        bid(page, name, value)
        tricks(page, name, took)
    save(page, "Save deal 1")

    page.goto(f"/matches/{match_id}/deals/1/edit")
    tricks(page, "Bob", 1)
    tricks(page, "Cy", 4)
    with live_app.app_context():  # meanwhile another phone changes the match
        db.session.execute(update(Match).where(Match.id == int(match_id)).values(version=Match.version + 1))
        db.session.commit()
    page.get_by_role("button", name="Save changes").tap()
    expect(page.get_by_role("alert")).to_contain_text("Deal 1 was not changed: the match was changed from another phone")
    expect(page.get_by_role("heading", name="Deal 1 as it was saved")).to_be_visible()
    shoot("deal-refused-as-out-of-date")

    page.get_by_role("button", name="Save changes").tap()
    expect(page.locator(".flash")).to_contain_text("Deal 1 changed")
    with live_app.app_context():
        assert db.session.scalars(select(Deal.tricks)).one() == [4, 1, 4]
