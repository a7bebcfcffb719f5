"""Every template filter and global, registered in one place (``register``): the formatting
functions of ``presentation/formatting.py``, the navigation bar, and the roles and private-card
facts a template asks about. Registered by the factory; nothing imports it but the factory.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
from pathlib import Path

import jinja2
from flask import Flask, current_app, request, url_for
from flask_babel.speaklater import LazyString
from jinja2 import FileSystemBytecodeCache
from jinja2.ext import Extension

from scorer.core import BID_CARDS, BID_CARDS_WORDS
from scorer.web import language
from scorer.web.data import publication
from scorer.web.data.live import match_tag
from scorer.web.data.models import Match
from scorer.web.language import lazy_gettext
from scorer.web.policy import access, capability, passcode
from scorer.web.presentation import night, scoreboard
from scorer.web.presentation import ratings as rating_words
from scorer.web.presentation.formatting import (
    BID_SUITS,
    DISPLAY_SUITS,
    SUIT_NAMES,
    SUITS,
    bid_cards,
    by_suit,
    card_face,
    card_label,
    card_trump,
    card_words,
    field_attrs,
    format_label,
    hand_url,
    hidden_word,
    iso_time,
    local_clock,
    local_date,
    local_time,
    minus,
    name_words,
    percent,
    percentage,
    phone_name,
    plural,
    qr_svg,
    ruleset_name,
    signed,
    signed_average,
    suit_span,
    suit_words,
    trump_label,
    trump_symbol,
)


def live_tag(match: Match) -> str:
    """The tag of the match as this page shows it, so live.js knows when it is out of date."""
    return match_tag(match)


# The sections in the navigation bar: (endpoint, label); a page belongs to the section whose page is
# in its module (history.py's match record is History's).
SECTIONS = (("records.history", lazy_gettext("History")), ("records.stats", lazy_gettext("Stats")),
            ("records.import_matches", lazy_gettext("Import")), ("records.blank_sheet", lazy_gettext("Blank sheets")),
            ("cards.deal_sets", lazy_gettext("Deal sets")), ("cards.pack", lazy_gettext("Packs")))
# Sections only the server machine or a passcode holder may use (access.py): hidden from the others.
SITE_MANAGERS_ONLY = {"records.import_matches"}
# Pages whose module is not the section they are reached from.
SECTION_OF_ENDPOINT = {"records.match_sheet": "records.history", "records.ladder": "records.stats"}


def nav_links() -> list[tuple[str, str, bool]]:
    """The navigation bar's links as (url, label, current) for the page being drawn."""
    if passcode.required() and not passcode.signed_in():
        return []  # the sections all lead to the sign-in page until then
    if request.endpoint in PLAYERS_OWN:
        return []
    current = SECTION_OF_ENDPOINT.get(request.endpoint or "")
    return [(url_for(endpoint), label,
             endpoint == current if current else view_module(endpoint) == view_module(request.endpoint))
            for endpoint, label in SECTIONS
            if endpoint not in SITE_MANAGERS_ONLY or access.is_site_manager()]


def view_module(endpoint: str | None) -> str | None:
    """The module whose view answers ``endpoint`` (``scorer.web.records.history``)."""
    view = current_app.view_functions.get(endpoint or "")
    return view.__module__ if view else None


# A player's own hand: held in one hand at the table while playing, with nothing to lead away.
PLAYERS_OWN = {"cards.hand"}

# The screens used at the table while playing: their header keeps to the app's name and one menu.
AT_THE_TABLE = {"play.scoreboard", "play.new_deal", "play.edit_deal", "play.delete_deal", "play.share", "play.join", "cards.night_screen"}


def at_the_table() -> bool:
    """Whether the page being drawn is one of the play screens (a compact header, the sections in a menu)."""
    return request.endpoint in AT_THE_TABLE


INDENT = re.compile(r"^[ \t]+", re.M)


class NoIndent(Extension):
    """Templates are indented for people to read; the indentation is dropped as a template is
    loaded (no template has a <pre> or <textarea> whose leading spaces would matter)."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return INDENT.sub("", source)


def compiled_templates(app: Flask) -> FileSystemBytecodeCache:
    """Where the templates' compiled code is kept between processes (``TEMPLATE_CACHE_FOLDER``,
    else ``instance/template-cache/``): compiling them took 1.5 s of CPU in every new process,
    which a club night's first phones waited behind (the deal form alone 0.2 s), and each test's
    app paid again. Jinja keys a file by the template's name and checks its source; the files'
    names also carry this module's fingerprint and Jinja's version, since the code a template
    compiles to depends on the options and the extension set here, not on its source alone."""
    folder = app.config.get("TEMPLATE_CACHE_FOLDER") or os.path.join(app.instance_path, "template-cache")
    os.makedirs(folder, exist_ok=True)
    made_by = hashlib.sha256(Path(__file__).read_bytes() + jinja2.__version__.encode()).hexdigest()[:12]
    for name in os.listdir(folder):  # what an earlier version compiled is never read again
        if not name.startswith(made_by):
            with contextlib.suppress(OSError):
                os.remove(os.path.join(folder, name))
    return FileSystemBytecodeCache(folder, f"{made_by}-%s.cache")


def compile_all(app: Flask) -> None:
    """Compile every template now, into the kept files where they are not yet (``make run``'s
    set-up step, and each worker before its first request, which then reads them)."""
    for name in app.jinja_env.list_templates():
        app.jinja_env.get_template(name)


def register(app: Flask) -> None:
    """Every filter and global the templates use, in one place."""
    # No indentation, and no line left behind by a {% block tag %}: a 27-deal scoreboard is a
    # third of its old size (docs/performance.md).
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.jinja_env.add_extension(NoIndent)
    app.jinja_env.bytecode_cache = compiled_templates(app)
    # A message a person reads: a str, or a form's message given with lazy_gettext (a field's
    # errors also hold the dicts of its sub-forms, which are drawn where those are).
    app.jinja_env.tests["message"] = lambda value: isinstance(value, str | LazyString)
    app.add_template_filter(card_label, "card")
    app.add_template_filter(card_face, "card_face")
    app.add_template_filter(card_words, "card_words")
    app.add_template_filter(trump_label, "trump")
    app.add_template_filter(trump_symbol, "trump_symbol")
    app.add_template_filter(bid_cards, "bid_cards")
    app.add_template_filter(local_time, "local_time")
    app.add_template_filter(local_date, "local_date")
    app.add_template_filter(local_clock, "local_clock")
    app.add_template_filter(iso_time, "iso_time")
    app.add_template_filter(phone_name, "phone")
    app.add_template_filter(signed, "signed")
    app.add_template_filter(plural, "plural")
    app.add_template_filter(minus, "minus")
    app.add_template_filter(name_words, "words")
    app.add_template_filter(format_label, "format_label")
    app.add_template_filter(by_suit, "by_suit")
    app.add_template_filter(ruleset_name, "ruleset_name")
    app.add_template_filter(percent, "percent")
    app.add_template_filter(percentage, "percentage")
    app.add_template_filter(signed_average, "signed_average")
    app.jinja_env.globals.update(
        field_attrs=field_attrs, SUITS=SUITS, SUIT_NAMES=SUIT_NAMES, BID_SUITS=BID_SUITS, DISPLAY_SUITS=DISPLAY_SUITS,
        suit_span=suit_span, suit_words=suit_words, hidden_word=hidden_word, names_list=scoreboard.winners_label,
        qr_svg=qr_svg, card_trump=card_trump, live_tag=live_tag, hand_url=hand_url,
        BID_CARDS=BID_CARDS, BID_CARDS_WORDS=lazy_gettext(BID_CARDS_WORDS), nav_links=nav_links, at_the_table=at_the_table,
    )
    # Private cards (cards/): who may see a match's seat links, and which seeds may be shown.
    # Roles (access.py): who is shown the writing controls.
    app.jinja_env.filters["ladder_rule"] = rating_words.rule_words
    app.jinja_env.filters["lookalike_question"] = rating_words.lookalike_question
    app.jinja_env.globals.update(lang=language.current, LANGUAGES=language.LANGUAGES, back_path=language.back_path)
    app.jinja_env.globals.update(keeper=capability.holds, site_manager=access.is_site_manager, may_change=access.may_change,
                                 server_machine=access.is_server_machine,
                                 match_seed_visible=publication.match_seed_visible)
    # A club night (deal sets' tables): where a table stands, in words.
    app.jinja_env.globals.update(night_state=night.state_words, night_not_playing=night.not_playing,
                                 table_label=night.table_label, change_label=night.change_label,
                                 place_label=night.place_label, matchpoints_rule=night.matchpoints_rule)
