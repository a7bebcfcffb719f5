"""A deal form that comes back is never a POST's answer (issue 29, bug 1): the POST answers 303 to
the form's own page, whose GET draws the figures sent and the messages, once (play/refused.py).
So Back and Reload never send a form again. And every refusal has its "Nothing was saved"
summary (bug 2)."""

from __future__ import annotations

import html
import re

from webhelpers import deal_form, post_deal, start_match, stored_deals

THREE = ["Ann", "Bob", "Cy"]


def test_a_refused_save_answers_with_a_redirect_to_its_own_page(client, app):
    match_id = start_match(client, THREE)
    sent = client.post(f"/matches/{match_id}/deals/new", data=deal_form(1, [4, 1, 2], [4, 4, 4]))
    assert sent.status_code == 303 and sent.headers["Location"] == f"/matches/{match_id}/deals/new"
    page = client.get(sent.headers["Location"])
    assert page.status_code == 422  # the refusal's status, on the page that shows it
    assert "Nothing was saved." in page.text
    assert re.search(r'name="seats-2-tricks"[^>]*value="4"', page.text)  # the figures as sent
    # Drawn once: the page again (Reload, or Back to it) is the form as it is now, nothing sent.
    again = client.get(f"/matches/{match_id}/deals/new")
    assert again.status_code == 200 and "Nothing was saved." not in again.text
    assert not re.search(r'name="seats-2-tricks"[^>]*value="4"', again.text)
    assert stored_deals(app, match_id) == []


def test_what_was_kept_is_for_its_own_page_only(client):
    match_id = start_match(client, THREE)
    other = start_match(client, ["Dee", "Eve", "Flo"])
    client.post(f"/matches/{match_id}/deals/new", data=deal_form(1, [4, 1, 2], [4, 4, 4]))
    assert "Nothing was saved." not in client.get(f"/matches/{other}/deals/new").text
    assert "Nothing was saved." not in client.get(f"/matches/{match_id}/deals/new").text  # dropped when read


def test_the_points_shown_without_scripts_come_on_the_page_after_the_post(client, app):
    match_id = start_match(client, THREE)
    sent = client.post(f"/matches/{match_id}/deals/new", data=deal_form(1, [4, 1, 2], [4, 2, 3], action="preview"))
    assert sent.status_code == 303
    page = client.get(sent.headers["Location"])
    assert page.status_code == 200 and 'data-points="34"' in page.text
    assert "Nothing was saved." not in page.text
    assert stored_deals(app, match_id) == []


def test_a_refused_edit_comes_back_to_the_edit(client, app):
    match_id = start_match(client, THREE)
    assert post_deal(client, match_id, 1, [4, 1, 2], [4, 2, 3]).status_code == 303
    sent = client.post(f"/matches/{match_id}/deals/1/edit", data=deal_form(1, [4, 1, 2], [4, 4, 4]))
    assert sent.status_code == 303 and sent.headers["Location"] == f"/matches/{match_id}/deals/1/edit"
    page = client.get(sent.headers["Location"])
    assert page.status_code == 422 and "Edit deal 1" in page.text and "Nothing was saved." in page.text
    assert stored_deals(app, match_id)[0]["tricks"] == [4, 2, 3]


def test_a_page_of_nonsense_still_comes_back_with_its_messages(client):
    match_id = start_match(client, THREE)
    sent = client.post(f"/matches/{match_id}/deals/new", data=deal_form(1, ["x" * 20000, 1, 2], [4, 2, 3]))
    assert sent.status_code == 303
    assert len(sent.headers.get("Set-Cookie", "")) < 4000  # what a browser keeps
    page = html.unescape(client.get(sent.headers["Location"]).text)
    assert "Nothing was saved." in page and "Write the bid as a whole number" in page


def test_a_typed_bid_of_12_is_refused_with_the_summary(client):
    """Bug 2: the core's message beside a seat's field (the tricks add up) came without the banner."""
    match_id = start_match(client, THREE)
    page = post_deal(client, match_id, 1, [12, 1, 2], [4, 2, 3])
    assert page.status_code == 422
    assert "<strong>Nothing was saved.</strong> Please fix:" in page.text
    assert 'href="#seats-0-bid">Ann’s bid: ' in page.text
