"""Each player's hand on their own phone, through a private link; the bid cards they choose to show.

A link carries an unguessable token for one seat in one deal. It shows no card until the phone
takes the seat (``seats.py``); then, on that phone only, that seat's cards and nothing of anyone
else's (in two-dummy also the dummy's playing cards, which both players see anyway, but never
the dummy's bid until it is turned up), and once the deal is recorded the way on to the seat's
next hand. Bid cards chosen on the phone stay on the phone until the player shows them, as at a
real table: then the scorekeeper's form can fill them in. Once a deal's cards are public
(``publication.cards_public``) every hand of it may be seen (``/matches/…/deals/n/cards``).
"""

from __future__ import annotations

from flask import abort, flash, jsonify, make_response, redirect, render_template, request, url_for
from sqlalchemy import select
from werkzeug.wrappers import Response

from scorer.core import (
    BID_SIZES,
    RANKS,
    DealScore,
    MatchError,
    MatchScore,
    NextDeal,
    bid_values_text,
    get_ruleset,
    possible_bids,
    sort_hand,
)
from scorer.web.cards.blueprint import bp
from scorer.web.data import card_store, documents, publication
from scorer.web.data.models import DealtDeal, HandLink, Match
from scorer.web.extensions import db
from scorer.web.fields import EmptyForm
from scorer.web.language import gettext
from scorer.web.policy import access, holders, readers
from scorer.web.policy.holders import Held
from scorer.web.presentation import explain, refusal_words, rules_words, scoreboard
from scorer.web.writes import hands as hand_writes


def _link_or_404(token: str) -> HandLink:
    link = db.session.scalar(select(HandLink).where(HandLink.token == token))
    if link is None or link.dealt.match.deleted_at is not None:  # a deleted match shows no hand
        abort(404, gettext("There is no hand at this address. Scan the code on the scorekeeper's screen again."))
    return link


def _hands_or_404(dealt: DealtDeal) -> list[list[str]]:
    """The dealt hands (a link is only ever made for a deal the app dealt, but the rows allow none)."""
    if dealt.hands is None:
        abort(404, gettext("The app did not deal this hand. Scan the code on the scorekeeper's screen again."))
    return dealt.hands


def _private(response: Response) -> Response:
    """A hand is never cached, indexed, or named in a Referer header."""
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Robots-Tag"] = "noindex"
    return response


def _held_here(link: HandLink) -> bool:
    return holders.state(link.dealt.match_id, link.seat) is Held.MINE


def _ways(hand: list[str], turn_up: str | None) -> dict[int, list[list[int]]]:
    """Every bid the hand can make (the core's ``possible_bids``), each as lists of card positions
    in ``hand``; the lowest cards first, as they are the ones a player usually lays aside."""

    def lowness(card: str) -> int:
        return -1 if card == "Joker" else RANKS.index(card[:-1])

    position = {card: i for i, card in enumerate(hand)}
    ways = {}
    for bid, threes in possible_bids(hand, turn_up).items():
        ordered = sorted(threes, key=lambda three: -sum(lowness(c) for c in three))
        ways[bid] = [sorted(position[c] for c in three) for three in ordered]
    return ways


def _rows(hand: list[str]) -> list[list[str]]:
    """The sorted hand cut into one row per suit (a Joker, if held, on a row of its own first)."""
    rows: list[list[str]] = []
    for card in hand:
        if rows and (card == "Joker") == (rows[-1][0] == "Joker") and card[-1] == rows[-1][-1][-1]:
            rows[-1].append(card)
        else:
            rows.append([card])
    return rows


def _context(match: Match, number: int) -> tuple[DealScore | NextDeal | None, MatchScore]:
    """The core's view of deal ``number`` (dealer, leader, trump), and the whole scored match."""
    scored = documents.score(match)
    return scored.deal_or_next(number), scored


@bp.get("/hand/<token>")
def hand(token: str) -> Response | tuple[Response, int]:
    """One seat's hand in one deal, with the turned card, the trump and the bid helper, on the
    phone holding the seat; on any other phone no card, only the way to take the seat if free."""
    link = _link_or_404(token)
    dealt = link.dealt
    match = dealt.match
    names = scoreboard.seat_names(match)
    ruleset = get_ruleset(match.ruleset)
    hands = _hands_or_404(dealt)
    held = holders.state(match.id, link.seat)
    if held is not Held.MINE:
        page = make_response(render_template(
            "cards/take_seat.html", link=link, dealt=dealt, match=match, ruleset=ruleset, names=names,
            name=names[link.seat], free=held is Held.FREE, form=EmptyForm()))
        holders.give_phone_token(page)  # what the tap to take the seat sends: one phone, one seat
        return _private(page), (200 if held is Held.FREE else 403)
    context: DealScore | NextDeal | None
    scored: MatchScore | None
    try:
        context, scored = _context(match, dealt.number)
    except MatchError:
        context, scored = None, None
    recorded = dealt.number <= len(match.deals)
    hand = sort_hand(hands[link.seat])
    # The app's turned card says the trump; otherwise the core's view of the deal (by successes…).
    trump = (card_store.trump_of(match.ruleset, match.options, dealt.turn_up) if dealt.turn_up
             else context.trump if context is not None else None)

    following = None  # once this deal is recorded: the same seat's hand in the deal now being played
    if recorded and scored is not None and not scored.finished:
        current = card_store.dealt_for(match, len(match.deals) + 1)
        following = card_store.link_for(current, link.seat)

    shown = link.shown_bid
    public = publication.cards_public(match, dealt.number)
    response = make_response(render_template(
        "cards/hand.html", link=link, dealt=dealt, match=match, ruleset=ruleset, names=names, seat=link.seat,
        name=names[link.seat], hand=hand, context=context, trump=trump, recorded=recorded, public=public,
        rows=_rows(hand), ways=_ways(hand, dealt.turn_up), bid_sizes=BID_SIZES,
        aliases=ruleset.bid_aliases, alias_text=rules_words.alias_text(ruleset.tricks), bid_values_text=bid_values_text(),
        dummy_hand=sort_hand(hands[-1]) if ruleset.has_dummy else None,
        dummy_bid=dealt.dummy_bid if ruleset.has_dummy and (public or dealt.dummy_shown) else None,
        shown=shown, shown_bid=_bid_value(shown, dealt.turn_up), following=following, form=EmptyForm(),
    ))
    return _private(response)


def _bid_value(cards: list[str] | None, turn_up: str | None) -> int | None:
    if not cards:
        return None
    for bid, threes in possible_bids(cards, turn_up).items():
        if threes:
            return bid
    return None


@bp.post("/hand/<token>/bid")
def hand_bid(token: str) -> Response:
    """Show three bid cards to the scorekeeper (or take them back) before the deal is recorded."""
    link = _link_or_404(token)
    dealt = link.dealt
    form = EmptyForm()
    back = url_for("cards.hand", token=token, _anchor="bid")
    if not form.validate_on_submit():
        abort(400, gettext("This form did not come from this page; nothing was shown. Reload the page and try again."))
    if not _held_here(link):
        abort(403, gettext("Only the phone holding this seat can show its bid cards; nothing was shown."))
    if dealt.number <= len(dealt.match.deals):
        flash(gettext("Deal %(number)s is already recorded: nothing was changed.", number=dealt.number))
        return _private(redirect(back, code=303))
    if request.form.get("action") == "withdraw":
        return _shown(link.id, None, gettext("Your bid cards are hidden again."), back)
    chosen = request.form.getlist("card")
    hand = _hands_or_404(dealt)[link.seat]
    problem = None
    if len(chosen) != 3 or len(set(chosen)) != 3:
        problem = gettext("Choose exactly three cards to lay aside (you chose %(chosen)s); nothing was shown.",
                          chosen=len(set(chosen)))
    elif any(card not in hand for card in chosen):
        problem = gettext("Those are not all cards of your hand; nothing was shown.")
    elif _bid_value(chosen, dealt.turn_up) is None:
        # Only the Joker with no card turned can fail here: the core finds no bid it stands for.
        problem = gettext("These three cards make no bid here; nothing was shown.")
    if problem:
        flash(problem)
        return _private(redirect(back, code=303))
    return _shown(link.id, [card for card in hand if card in chosen], gettext("The scorekeeper can now fill in your bid cards."),
                  back)


def _shown(link_id: int, cards: list[str] | None, done: str, back: str) -> Response:
    """Show (or take back) the bid cards, one write under the match's lock; back to the hand."""
    try:
        hand_writes.show_bid(link_id, cards)
    except hand_writes.Recorded as recorded:
        done = refusal_words.message(recorded)
    flash(done)
    return _private(redirect(back, code=303))


@bp.get("/hand/<token>/status")
def hand_status(token: str) -> Response:
    """Whether this deal is recorded yet (the page reloads itself when it is); no cards."""
    link = _link_or_404(token)
    if not _held_here(link):
        abort(403, gettext("Only the phone holding this seat follows its deal."))
    dealt = link.dealt
    recorded = dealt.number <= len(dealt.match.deals)
    return _private(jsonify({"deal": dealt.number, "recorded": recorded,
                             "dummy_shown": bool(dealt.dummy_shown), "shown": link.shown_bid is not None}))


@bp.get("/matches/<int:match_id>/deals/<int:number>/cards")
def dealt_cards(match_id: int, number: int) -> str:
    """Every hand of a recorded deal, the turned card and (once it predicts nothing still to come)
    the seed: what each player held."""
    match = readers.match_or_404(match_id)
    dealt = card_store.dealt_for(match, number)
    if dealt is None or dealt.hands is None:
        abort(404, gettext("The app did not deal deal %(number)s of this match.", number=number))
    if number > len(match.deals):
        abort(403, gettext("Deal %(number)s is not recorded yet: its hands stay on the players' phones until it is.",
                           number=number))
    if not publication.cards_public(match, number):
        abort(403, gettext("Another table of %(set)s has not recorded deal %(number)s yet: its hands stay hidden until "
                           "every table has.", number=number, set=match.deal_set.name) if match.deal_set
              else gettext("Another table of this deal set has not recorded deal %(number)s yet: its hands stay hidden "
                           "until every table has.", number=number))
    names = scoreboard.seat_names(match)
    context, _ = _context(match, number)
    replay = card_store.replay(match, dealt, context.number if context else number)
    scored = documents.score(match)
    played = scored.deals[number - 1]  # recorded: the trump it was played at, and why (the core's)
    return render_template("cards/dealt_cards.html", match=match, dealt=dealt, names=names,
                           ruleset=get_ruleset(match.ruleset), command=replay.command_parts(),
                           seed_shown=publication.seed_visible(match, number, scored),
                           trump=match.deals[number - 1].played_trump or played.trump,
                           trump_reason=explain.trump_reason(played))


@bp.post("/matches/<int:match_id>/deals/<int:number>/dummy")
def turn_up_dummy(match_id: int, number: int) -> Response:
    """two-dummy: turn up the dummy's three bid cards at the end of the deal, to record its bid."""
    match = readers.match_or_404(match_id)
    access.require_keeper(match)
    dealt = card_store.dealt_for(match, number)
    if dealt is None or dealt.dummy_bid is None:
        abort(404, gettext("The app has no dummy's bid for deal %(number)s.", number=number))
    if not EmptyForm().validate_on_submit():
        abort(400, gettext("This form did not come from this page; nothing was turned up."))
    hand_writes.turn_up_dummy(match_id, number)
    flash(gettext("The dummy's bid cards are turned up."))
    if number == match.deal_count() + 1:
        return redirect(url_for("play.new_deal", match_id=match_id), code=303)
    return redirect(url_for("play.edit_deal", match_id=match.id, number=number), code=303)
