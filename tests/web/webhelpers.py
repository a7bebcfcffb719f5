"""Helpers for the web tests: fill the app's forms the way a browser sends them."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorer.web.data.models import Deal, Match
from scorer.web.extensions import db


def without_tokens(html: str) -> str:
    """A page without its CSRF tokens (signed with the moment they were made) and its forms'
    one-time keys (random each time a form is drawn: data/save_keys.py), to compare two."""
    html = re.sub(r'name="save_key" type="hidden" value="[^"]*"', 'name="save_key" type="hidden"', html)
    return re.sub(r'name="csrf_token" value="[^"]*"', 'name="csrf_token"', html)


def csrf_token(html: str) -> str:
    # Any <input> named csrf_token, whatever the order of its attributes (WTForms' or a template's own).
    match = re.search(r'<input(?=[^>]*\bname="csrf_token")[^>]*\bvalue="([^"]+)"', html)
    assert match, "the page has no CSRF token"
    return match.group(1)


def match_form(names: list[str], ruleset: str = "jokerless", **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {f"players-{i}": name for i, name in enumerate(names)}
    data.update({"ruleset": ruleset, "first_dealer": "0", "match": "usual", "first_trump": "", "trump": "turn-up"})
    data.update(extra)
    return data


def start_match(client: FlaskClient, names: list[str], ruleset: str = "jokerless", **extra: Any) -> int:
    response = client.post("/matches/new", data=match_form(names, ruleset, **extra))
    assert response.status_code == 302, response.text
    return int(response.headers["Location"].rsplit("/", 1)[1])


def deal_form(number: int, bids: list[Any], tricks: list[Any], offers: dict[int, str] | None = None,
              **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"number": str(number)}
    for seat, (bid, took) in enumerate(zip(bids, tricks)):
        data[f"seats-{seat}-bid"] = str(bid)
        data[f"seats-{seat}-tricks"] = str(took)
        data[f"seats-{seat}-offer"] = (offers or {}).get(seat, "")
    data.update(extra)
    return data


# A deal form's own page: where a form that comes back is drawn (play/refused.py).
FORM_PAGE = re.compile(r"/matches/\d+/deals/(new|\d+/edit)$")


def shown(client: FlaskClient, response: Any) -> Any:
    """What the phone is shown after posting a deal form: a form that comes back answers 303 to
    its own page, whose GET draws it (POST-redirect-GET), followed here as the browser follows it;
    a save's 303 to the scoreboard is left for the test to see."""
    if response.status_code == 303 and FORM_PAGE.search(response.headers.get("Location", "")):
        return client.get(response.headers["Location"])
    return response


def post_form(client: FlaskClient, url: str, data: dict[str, Any]) -> Any:
    """Post a deal form (a new deal's, or an edit's) and see what the phone is shown (``shown``)."""
    return shown(client, client.post(url, data=data))


def post_deal(client: FlaskClient, match_id: int, number: int, bids: list[Any], tricks: list[Any],
              offers: dict[int, str] | None = None, **extra: Any):
    return post_form(client, f"/matches/{match_id}/deals/new", deal_form(number, bids, tricks, offers, **extra))


def count(app: Flask, model: type) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def stored_deals(app: Flask, match_id: int) -> list[dict[str, Any]]:
    with app.app_context():
        return [d.as_json() for d in db.session.scalars(select(Deal).where(Deal.match_id == match_id).order_by(Deal.number))]


def stored_match(app: Flask, match_id: int) -> Match:
    with app.app_context():
        match = db.session.get(Match, match_id)
        db.session.expunge(match)
        return match


def purge_after_30_days(client: FlaskClient, app: Flask) -> None:
    """Move the app's clock 31 days on and delete a match: the matches deleted before are purged
    for good (writes/matches.py purge), as the next deletion or daily backup would."""
    from datetime import UTC, datetime, timedelta

    app.config["CLOCK"] = lambda: datetime.now(UTC) + timedelta(days=31)
    other = start_match(client, ["Purge", "Trigger", "Match"])
    assert client.post(f"/matches/{other}/delete").status_code == 302


def post_undo(client: FlaskClient, match_id: int, change_id: int, **extra: Any) -> Any:
    """Undo a change as the confirmation page does: with the match's version as it is now (an
    undo without it is refused, ``test_changes.test_an_undo_without_a_version_is_refused``)."""
    with client.application.app_context():
        version = db.session.scalar(select(Match.version).where(Match.id == match_id))
    return client.post(f"/matches/{match_id}/changes/{change_id}/undo", data={"version": str(version), **extra})


def phone(app: Flask, address: str) -> FlaskClient:
    """A phone on the network (``address``): not the server machine, so not the site manager."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client
