"""Starting a match, its scoreboard, its match document, and deleting it."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, flash, jsonify, redirect, render_template, request, url_for
from sqlalchemy import select
from werkzeug.wrappers import Response as BaseResponse

from scorer.core import FORMAT, RULESETS, USUAL_RULESETS, MatchError, get_ruleset
from scorer.web.data import card_store, documents, names, publication, save_keys
from scorer.web.data.deletion import KEEP_DAYS, rematch_of
from scorer.web.data.document_types import MatchDocument
from scorer.web.data.figures import match_figures
from scorer.web.data.models import DealSet, Match, Player, now_utc
from scorer.web.extensions import db
from scorer.web.fields import MAX_PLAYERS, EmptyForm, Option, ruleset_badge
from scorer.web.language import gettext, ngettext
from scorer.web.play import card_choice
from scorer.web.play.blueprint import bp
from scorer.web.play.forms import CARDS_SUMMARIES, NewMatchForm, match_format_summaries, name_problems
from scorer.web.policy import access, capability, device, readers, typed_seeds
from scorer.web.presentation import explain, night, problem_words, refusal_words, rules_words
from scorer.web.presentation import ratings as rating_words
from scorer.web.presentation import scoreboard as boards
from scorer.web.presentation.formatting import format_label
from scorer.web.serving import kept_pages
from scorer.web.writes import matches as matches_w
from scorer.web.writes import seed_tries

# Where the core's complaint about a match header goes on the new-match form.
OPTION_FIELDS = {
    "options.match": "match", "options.deals": "deals", "options.games_to_win": "games_to_win",
    "options.target": "target", "options.first_trump": "first_trump", "options.trump": "trump",
    "options.no_trump_play": "all_trump", "options.allow_no_trump_call": "allow_no_trump_call",
    "players": "players", "first_dealer": "first_dealer", "ruleset": "ruleset",
}
COUNT_FOR_FORMAT = {"hundred": "games_to_win", "game-bonus": "games_to_win", "deals": "deals", "target": "target"}


def chosen_options(form: NewMatchForm) -> dict[str, Any]:
    """The options the form asks for, limited to those the chosen ruleset has."""
    keys = get_ruleset(form.ruleset.data).option_keys
    options: dict[str, Any] = {}
    if form.match.data != "usual":
        options["match"] = form.match.data
        count = COUNT_FOR_FORMAT[form.match.data]
        if form[count].data is not None:
            options[count] = form[count].data
    if "first_trump" in keys and form.first_trump.data:
        options["first_trump"] = form.first_trump.data
    if "trump" in keys:
        options["trump"] = form.trump.data
    if form.all_trump.data:
        options["no_trump_play"] = "all-trump"
    if "allow_no_trump_call" in keys:
        options["allow_no_trump_call"] = bool(form.allow_no_trump_call.data)
    return options


def form_view(form: NewMatchForm) -> dict[str, Any]:
    """Ready values for the new-match page: the option lists and which panels start open."""
    rulesets = [
        Option(value=r.id, name=r.name, summary=rules_words.summary(r), badge=ruleset_badge(r),
               data={"data-players": r.players, "data-options": " ".join(r.option_keys),
                     "data-usual": format_label(dict(r.defaults)), "data-name": r.name, "data-summary": rules_words.summary(r),
                     "data-first-pick": "" if USUAL_RULESETS.get(r.players) == r.id else None})
        for r in RULESETS.values()
    ]
    summaries = match_format_summaries()
    formats = [Option(value=choice.value, name=choice.label, summary=summaries[choice.value],
                      summary_id="usual-format" if choice.value == "usual" else None)
               for choice in form.match.choices]
    cards = [Option(value=choice.value, name=choice.label, summary=CARDS_SUMMARIES[choice.value],
                    data={"data-label": choice.label})
             for choice in form.cards.choices]
    cards_labels = {choice.value: choice.label for choice in form.cards.choices}
    # Where scripts run, one empty name box shows after the last name (three at least), as
    # new-match.js keeps them: the page draws the others hidden already, so nothing moves.
    typed = [bool((entry.data or "").strip()) for entry in form.players]
    last = max((seat for seat, filled in enumerate(typed) if filled), default=-1)
    return {
        "later_seats": {seat for seat, filled in enumerate(typed) if seat > max(2, last + 1) and not filled},
        "rulesets": rulesets, "formats": formats, "cards_options": cards,
        "current": RULESETS.get(form.ruleset.data),
        "cards_label": cards_labels.get(form.cards.data, cards_labels["table"]),
        # The options panel opens by itself when one of its fields has a message.
        "options_open": any(form[name].errors for name in OPTION_FIELDS.values()
                            if name not in ("players", "first_dealer", "ruleset")),
        "cards_open": bool(form.cards.errors or form.seed.errors),
    }


def show_error(form: NewMatchForm, error: MatchError, players: list[str]) -> None:
    field = form[OPTION_FIELDS.get(error.field, "ruleset")]
    field.errors = [*field.errors, problem_words.beside_field(error, players)]


@bp.route("/matches/new", methods=["GET", "POST"])
def new_match() -> str | BaseResponse | tuple[str, int] | tuple[str, int, dict[str, str]]:
    """Start a match: names, ruleset, options, format and first dealer."""
    form = NewMatchForm()
    new_players = [name for name in request.form.getlist("new_player") if name][:MAX_PLAYERS]
    lookalike: matches_w.LikeKnownPlayer | None = None
    if form.validate_on_submit():
        names = use_known(form, request.form.get("use_known", ""))
        header: MatchDocument = {"format": FORMAT, "ruleset": form.ruleset.data, "options": chosen_options(form),
                                 "players": names, "first_dealer": form.first_dealer.data, "deals": []}
        cards = card_choice.cards_from_form(form, header)  # a deal set fixes the ruleset and first dealer
        try:
            # The core checks the header first, so that its message shows beside the field
            # whatever else is wrong; then the match is written (or the cards mode refused).
            matches_w.check_options(header["ruleset"], header["options"], names, header["first_dealer"])
            if cards is not None:
                # The same form sent again (its answer lost): the match it started, the same answer.
                key, table_code = save_keys.sent_key(form.save_key.data), form.table_code.data or ""
                sent = matches_w.start_sent(header["ruleset"], header["options"], names, header["first_dealer"], cards,
                                            table_code)
                started_or_none = matches_w.started_before(key, sent, device.device_name())
                # One phone starts so many matches with a typed seed in a while (typed_seeds.py):
                # the try is counted first, and taken back if the match is not started after all.
                counted = (seed_tries.begin(typed_seeds.phone(), typed_seeds.MOST, typed_seeds.WINDOW)
                           if started_or_none is None and typed_seeds.counted(cards) else None)
                try:
                    started = started_or_none or matches_w.start(
                        header["ruleset"], header["options"], names, header["first_dealer"], cards,
                        by=device.device_name(), new_players=new_players, table_code=table_code, key=key)
                except (MatchError, matches_w.CardsRefused, matches_w.LikeKnownPlayer):
                    if counted is not None:
                        seed_tries.forget(counted)
                    raise
                response = redirect(url_for("play.scoreboard", match_id=started.match_id))
                capability.give(response, started.match_id, started.token)  # this phone is the scorekeeper
                if started.waiting:
                    flash(gettext("This table waits for the organiser to admit it: its cards are dealt then."))
                return response
        except MatchError as error:
            show_error(form, error, names)
        except matches_w.CardsRefused as refused:
            card_choice.add_error(form.cards, refusal_words.message(refused))
        except matches_w.LikeKnownPlayer as asked:
            lookalike = asked
        except seed_tries.TooManySeeds as waiting:
            card_choice.add_error(form.seed, refusal_words.message(waiting))
            page, status = render_new(form, card_choice.chosen_set(form), waiting.status, new_players=new_players)
            wait = max(1, int((waiting.retry_at - now_utc()).total_seconds()))
            return page, status, {"Retry-After": str(wait)}
    return render_new(form, card_choice.chosen_set(form), 422 if form.is_submitted() else 200,
                      lookalike=lookalike, new_players=new_players)


def use_known(form: NewMatchForm, typed: str) -> list[str]:
    """The names typed, with ``typed`` replaced by the known player it looks like, where the
    phone answered "Did you mean Kip?" with yes (``use_known``)."""
    found = form.names()
    asked = matches_w.new_lookalike([typed]) if typed else None
    if asked is None:
        return found
    for entry in form.players:
        if entry.data and names.tidy(entry.data) == asked.typed:
            entry.data = asked.known
    return [asked.known if name == asked.typed else name for name in found]


def render_new(form: NewMatchForm, deal_set: DealSet | None, status: int = 200,
               lookalike: matches_w.LikeKnownPlayer | None = None, new_players: list[str] | None = None) -> tuple[str, int]:
    known = db.session.execute(select(Player.name, Player.name_key).order_by(Player.name)).tuples().all()
    if not form.save_key.data:  # made as the form is drawn; a form drawn again keeps the one it was sent with
        form.save_key.data = save_keys.new_key()
    return render_template("play/new_match.html", form=form, known=known, deal_set=deal_set, lookalike=lookalike,
                           new_players=new_players or [], **form_view(form)), status


@bp.get("/matches/name-keys")
def name_keys() -> Response:
    """The key of each name typed on the new-match form (``names.key``, from ``name``), so that its
    script offers no known player twice without a rule of its own for when two names are one; and
    what the form will say of the names in its boxes (``box``, every box in order), as they are
    typed: a name typed twice is told beside its box at once, in the words of a refused form.
    Writes nothing."""
    typed = request.args.getlist("name")[:MAX_PLAYERS]
    boxes = [text[:names.NAME_LENGTH + 1] for text in request.args.getlist("box")[:MAX_PLAYERS]]
    per_box, _, _ = name_problems(boxes)
    return jsonify(keys=[names.key(name[:names.NAME_LENGTH]) for name in typed],
                   problems={str(box): problem for box, problem in per_box.items()})


@bp.get("/matches/from-deal-set/<int:set_id>")
def match_from_deal_set(set_id: int) -> tuple[str, int]:
    """Start a match from a duplicate deal set: the new-match form with the set's ruleset and first dealer."""
    deal_set = db.get_or_404(DealSet, set_id, description=gettext("There is no such deal set."))
    # The organiser's QR code carries the table code: the table joins as it starts.
    form = NewMatchForm(deal_set=str(deal_set.id), ruleset=deal_set.ruleset, first_dealer=deal_set.first_dealer,
                        cards=card_store.APP, table_code=request.args.get("code", "")[:32])
    return render_new(form, deal_set)


@bp.get("/matches/<int:match_id>")
def scoreboard(match_id: int) -> str | tuple[str, int]:
    """The scoreboard: totals, games won, who deals and leads, the next trump, every deal."""
    # A club night's board as every phone outside its table sees it: made once per tag, kept a moment.
    shared = readers.shared_key(match_id)
    if shared is not None:
        return kept_pages.kept_or_made(shared, lambda: board_page(readers.match_or_404(match_id)))
    return board_page(readers.match_or_404(match_id))


def board_page(match: Match) -> str:
    """The scoreboard of ``match`` as this phone may see it (read through ``readers``)."""
    drawn = board_view(match, capability.holds(match))
    finished = drawn["board"].finished
    rematch = rematch_of(match) if finished else None
    mine = capability.keeper_of(match) if rematch is not None else None
    return render_template("play/scoreboard.html", **drawn, match_figures=match_figures(match),
                           rematch_dealer=documents.next_dealer(match) if finished else None, rematch=rematch,
                           rematch_revoked=mine is not None and rematch is not None
                           and matches_w.revoked_from(rematch, mine.token_hash))


def board_view(match: Match, keeper: bool) -> dict[str, Any]:
    """What the scoreboard and the big screen draw of a match (read through ``readers``: a faster
    table of a duplicate set, seen from outside it, cut to the deals every table has played): the
    board, the last deal in parts, the next deal's cards where the app deals (its turned card only
    for the table's own, or once every other table of its set has played it), where the table
    stands in its night, the ratings' changes at the end and the chances before deal 1."""
    scored = documents.score(match)
    board = boards.build(match, scored)
    # A faster table of a duplicate set, seen from elsewhere: its later deals wait (readers.py).
    cut = publication.cut_of(match)
    # Where the app turns or deals the cards: the next deal's, made by the POST before this page.
    number = len(match.deals) + 1
    dealt = card_store.dealt_for(match, number) if cut is None else None
    turned_elsewhere = dealt is not None and bool(dealt.turn_up) and match.deal_set is not None and not \
        publication.turn_up_shown(match, number, keeper or readers.of_table(match))
    latest = explain.explain(board, scored, len(match.deals)) if match.deals else None  # the last deal, in parts
    table = publication.table_of(match)
    return {"board": board, "match": match, "latest": latest,
            "dealt": None if turned_elsewhere else dealt, "turned_elsewhere": turned_elsewhere,
            "night_table": table, "may_play": publication.may_play(match), "night_behind": publication.behind(match),
            "held_back": night.held_back(table.deal_set.name, cut.shown, cut.recorded) if table and cut else "",
            "rating_changes": rating_words.match_changes(match, board.seat_names),
            "forecast": rating_words.match_forecast(match, board.seat_names)}


@bp.post("/matches/<int:match_id>/rematch")
def rematch(match_id: int) -> BaseResponse:
    """Start a new match from a finished one, or go to the one already started from it (one
    rematch per match): the same players in the same seats, the same ruleset and options, the
    deal passing on to the next dealer in turn (the core says who). The phone that asks becomes
    a scorekeeper of the rematch."""
    match = readers.match_or_404(match_id)
    access.require_keeper(match)
    if not EmptyForm().validate_on_submit():
        abort(400, gettext("The rematch button had expired; nothing was started. Reload the page and try again."))
    keeper = capability.keeper_of(match)
    assert keeper is not None  # require_keeper: the capability's (the server machine is no phone here)
    started = matches_w.rematch(match_id, by=device.device_name(), keeper_hash=keeper.token_hash)
    response = redirect(url_for("play.scoreboard", match_id=started.match_id), code=303)
    if started.revoked:
        flash(gettext("A scorekeeper of the rematch took this phone off its scorekeepers, so this phone watches it. "
                      "To keep its score again, ask one of them for a ‘Keep score too’ link."))
        return response
    capability.give(response, started.match_id, started.token)
    flash(gettext("The rematch had been started from another phone; this phone keeps its score too. %(name)s deals "
                  "first.", name=started.first_dealer) if started.joined
          else gettext("A rematch: %(name)s deals first.", name=started.first_dealer))
    return response


@bp.route("/matches/<int:match_id>/delete", methods=["GET", "POST"])
def delete_match(match_id: int) -> str | BaseResponse:
    """Ask first (GET), then delete the match and all its deals (POST): it goes to Recently deleted.
    Its scorekeepers while their rights over it hold, and the site manager (without taking it over)."""
    match = readers.match_or_404(match_id)
    access.require_change(match, keeper_needed=False)  # before the form is read: a watcher gets 403, nothing written
    form = EmptyForm()
    if form.validate_on_submit():
        matches_w.delete(match_id, by=device.device_name())
        # Its undo is the restore, on Recently deleted: the link beside the words.
        flash(gettext("The match was deleted. It can be restored from Recently deleted for %(days)s days.",
                      days=KEEP_DAYS), f"undo {url_for('records.deleted')}")
        return redirect(url_for("play.home"))
    return render_template(
        "confirm.html", form=form, match=match, title=gettext("Delete this match?"),
        message=ngettext("%(names)s: the match and its %(num)s deal go to Recently deleted, where they can be restored "
                         "for %(days)s days, then they are gone for good.",
                         "%(names)s: the match and its %(num)s deals go to Recently deleted, where they can be restored "
                         "for %(days)s days, then they are gone for good.", len(match.deals),
                         names=boards.winners_label(match.player_names), days=KEEP_DAYS),
        confirm=gettext("Delete the match"), back=url_for("play.scoreboard", match_id=match.id))
