"""The one way a page or export of one match reads it: as this phone may see it.

Every page and download of a match (its scoreboard and live view, its record, its deal pages,
its history of changes, its printed sheet, its CSV and JSON) loads the match with
``match_or_404``. For a table of a duplicate set, anyone who is not one of the table's own (its
scorekeepers, and the phones holding its seats: ``of_table``) gets the match cut to the deals
every admitted table has played (``data/publication.cut_to_public``): its later deals' bids, tricks,
points and turned cards are in no page, whatever the page. A table's own players see their own
results as always. ``tests/structure/test_layers.py`` keeps the screens from loading a match any
other way.
"""

from __future__ import annotations

from flask import session

from scorer.web import language
from scorer.web.data import publication
from scorer.web.data.deletion import visible_or_404
from scorer.web.data.live import VERSION_QUERY, polled_tag
from scorer.web.data.models import Match
from scorer.web.extensions import db
from scorer.web.language import gettext
from scorer.web.policy import access, capability, holders


def of_table(match: Match) -> bool:
    """Whether this request comes from one of the table's own: a scorekeeper of the match, or the
    phone holding one of its seats."""
    return of_table_id(match.id)


def of_table_id(match_id: int) -> bool:
    """``of_table`` by the match's id."""
    return capability.keeper_of_id(match_id) is not None or holders.holds_a_seat(match_id)


def as_seen(match: Match) -> Match:
    """``match`` cut to what this phone may see (nothing is cut outside a duplicate set)."""
    if match.deal_set is not None and not of_table(match):
        publication.cut_to_public(match)
    return match


def match_or_404(match_id: int) -> Match:
    """The match (404 if there is none or it is deleted), as this phone may see it."""
    return as_seen(visible_or_404(match_id))


def match_or_none(match_id: int) -> Match | None:
    """The match as this phone may see it, or None if there is none or it is deleted (a page that
    follows whichever match is in play: the table's big screen)."""
    match = db.session.get(Match, match_id)
    return as_seen(match) if match is not None and match.deleted_at is None else None


def deleted_or_404(match_id: int) -> Match:
    """A match that may be deleted (Recently deleted's restore, the site manager's say over the
    ratings), as this phone may see it: 404 only if there is none."""
    return as_seen(db.get_or_404(Match, match_id, description=gettext("There is no such match.")))


def shared_key(match_id: int) -> tuple[int, str, str] | None:
    """Where this phone sees the match as every phone outside its table does (``sees_as_everyone``),
    the key of that view: its id, its tag and the page's language; else None (and None for a match
    that is not there or deleted: the caller reads it with ``match_or_404``). From the live poll's
    one statement, before the match is loaded: a page kept under the key costs that and no more."""
    row = db.session.connection().execute(VERSION_QUERY, {"match_id": match_id}).first()
    if row is None or row.published is None or not _as_everyone(match_id):  # no row of a set: not a table of a night
        return None
    return match_id, polled_tag(row), language.current()


def sees_as_everyone(match: Match) -> bool:
    """Whether this phone is shown a table of a duplicate set as every phone outside the table is:
    not one of the table's own, not the site manager (who is shown a take-over), and no message of
    its own waiting to be shown. Its board may then be one made for another such phone
    (``serving/kept_pages.py``)."""
    return match.deal_set is not None and _as_everyone(match.id)


def _as_everyone(match_id: int) -> bool:
    return not of_table_id(match_id) and not access.is_site_manager() and not session.get("_flashes")
