"""How fast one phone may start matches dealt from a seed typed on the new-match form.

A typed seed deals the same cards again on this server (``card_store.server_seed``): a player who
knows one hand of a match dealt from a typed seed could start matches with one typed seed after
another and look at their cards until that hand comes up, and then know every other hand. So one
phone starts at most ``MOST`` matches with a typed seed within ``WINDOW_MINUTES``; a match with no
typed seed (the app draws one), or from a duplicate deal set (whose seed is its own), is not
counted. A phone is its client address (``passcode.client_address``, as the passcode's rate limit
counts it: the phone's name cookie proves nothing), and an IPv6 address its /64 network, which one
phone may change at will. The count is kept in the database (``SeedTry``, written by
``writes/seed_tries.py``), not in this process's memory: every app process counts the same.
"""

from __future__ import annotations

import ipaddress
from datetime import timedelta

from scorer.web.data.card_store import TABLE, CardsChoice
from scorer.web.policy import access, passcode

MOST = 5                # matches with a typed seed per phone ...
WINDOW_MINUTES = 10     # ... within this many minutes; then that phone waits
WINDOW = timedelta(minutes=WINDOW_MINUTES)


def counted(cards: CardsChoice) -> bool:
    """Whether starting a match with these cards counts against the phone's limit: the app
    shuffles from a seed typed on the form (not one of a deal set's, not one drawn at random),
    on a phone (the server machine itself, where the person running the server sits, is not
    limited: it holds the key the seeds are mixed with anyway)."""
    return (cards["seed"] is not None and cards["deal_set_id"] is None and cards["mode"] != TABLE
            and not access.is_server_machine())


def phone() -> str:
    """This phone as the limit counts it: its address, an IPv6 one as its /64 network."""
    address = passcode.client_address()
    try:
        found = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(found, ipaddress.IPv6Address):
        if found.ipv4_mapped is not None:
            return str(found.ipv4_mapped)
        return str(ipaddress.ip_network(f"{found}/64", strict=False))
    return str(found)
