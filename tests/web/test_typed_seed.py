"""A seed typed on the new-match form tells no hand to a player who knows their own and the app's
open dealing code. Bob takes his seat, reads his hand, and tries the seeds a person would type
with ``scorer.core``'s own dealing until his hand matches: he must find none, since the app deals
from the typed seed keyed with the server's secret (``card_store.server_seed``). The same typed
seed still deals the same cards again on the same server."""

from __future__ import annotations

import html

from cardhelpers import app_match, dealt

from scorer.core import MAX_SEED, deal_cards, deal_seed

# What a person types for a seed: small numbers, years, dates, keyboard runs, famous numbers.
TYPED = sorted({*range(0, 5_000), *range(1900, 2101), *(int(f"{d:02d}{m:02d}{y}") for d in range(1, 32)
                                                        for m in range(1, 13) for y in (1990, 2024, 2025, 2026)),
                12345, 123456, 1234567, 12345678, 123456789, 1234567890, 987654321, 424242, 31415, 271828,
                11111, 99999, 2**31 - 1, 2**32, MAX_SEED})


def hand_found(hand: list[str], seat: int, dealer: int) -> list[int]:
    """The typed seeds whose first deal, dealt by the open code, gives ``seat`` this hand."""
    return [typed for typed in TYPED if sorted(deal_cards("classic", deal_seed(typed, 1), dealer).hands[seat]) == sorted(hand)]


def test_trying_the_seeds_a_person_types_finds_no_hand(client, app):
    for typed in (2024, 7, 12345):
        match_id = app_match(client, seed=typed)
        client.get(f"/matches/{match_id}")
        cards = dealt(app, match_id)
        assert hand_found(cards["hands"][1], 1, cards["dealer"]) == []


def test_the_same_typed_seed_deals_the_same_cards_on_this_server_only(client, app, app_factory):
    first, again = app_match(client, seed=2024), app_match(client, seed=2024)
    for match_id in (first, again):
        client.get(f"/matches/{match_id}")
    assert dealt(app, first)["hands"] == dealt(app, again)["hands"]
    elsewhere = app_factory(SECRET_KEY="another server's key", WTF_CSRF_ENABLED=False)  # another server, the same typed seed
    other_client = elsewhere.test_client()
    other = app_match(other_client, seed=2024)
    other_client.get(f"/matches/{other}")
    assert dealt(elsewhere, other)["hands"] != dealt(app, first)["hands"]


def test_the_forms_say_what_a_seed_used_again_deals(client):
    """Issue 27's probe: a typed seed used again dealt the same cards again, and a player found the
    new hand on an earlier match's public cards page. A match's typed seed stays replayable
    (DECISIONS 72), and its form says what that means before it is typed; a set's seed is keyed
    with a secret of the set's own (issue 32: ``test_set_seeds.py``), and its form says so."""
    new_match = html.unescape(client.get("/matches/new").text)
    assert "the same seed deals the same cards again, so anyone who saw the cards of a match dealt from it " \
           "will know every hand of this one" in new_match
    deal_set = html.unescape(client.get("/deal-sets/new").text)
    assert "These cards are dealt only in this set: no match and no other set gets them, even from the same seed." in deal_set
