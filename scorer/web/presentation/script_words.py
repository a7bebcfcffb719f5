"""The words the pages' scripts say (static/*.js: the tally bar, the bid cards' notes, the live
status line, the bid helper, the offline notes, the theme toggle's name...), worded by the server's
catalog like every other word: no second translation system.

Each page's script (its entry module linked with the modules it imports: assets.ENTRIES) is
served in every language with its words as the virtual module ``./words.js`` that app.js imports:
``page-deal-form.de.1a2b3c4d.js``, cached for a year like any static file, so a page carries no
words of its own and a warm visit costs nothing more. ``say`` in app.js reads them. The msgids are extracted with the rest (``make translations-extract``;
``counted`` is one of its keywords) and translated in messages.po.

A linked file carries only the words of the modules it links (``MODULES``: the words by
module): the deal form's, the screen used most and on the slowest phones, its own and no more (its
cold weight is measured by ``make bench``).

A word with a count comes in each of the language's plural forms, named as the browser's
``Intl.PluralRules`` names them ("one", "other"; other languages have "few", "many"...), taken
from the catalog's own plural forms: ``{"one": "%(num)s trick left", "other": "%(num)s tricks
left"}``; forms alike are sent once, as a plain text. Placeholders stay ``%(name)s``, which
``say`` fills in.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

import flask_babel
from babel import Locale

from scorer.web import language
from scorer.web.language import gettext

Words = dict[str, str | dict[str, str]]


@functools.cache
def plural_samples(code: str) -> dict[str, int]:
    """A count of each of the language's plural categories (CLDR's, as browsers name them):
    {"one": 1, "other": 0} in English and German."""
    rule = Locale.parse(code).plural_form
    samples: dict[str, int] = {}
    for count in range(200):
        samples.setdefault(rule(count), count)
    return samples


def counted(singular: str, plural: str) -> str | dict[str, str]:
    """The forms of a word with a count (``%(num)s``) in the language, by plural category; one
    text where every form is alike ("Updated %(num)s min ago")."""
    translations = flask_babel.get_translations()
    forms = {category: str(translations.ungettext(singular, plural, count))
             for category, count in plural_samples(language.current()).items()}
    return forms.popitem()[1] if len(set(forms.values())) == 1 else forms


# ---- the words, a set for each script's part ------------------------------------------------------

def theme() -> Words:
    """theme-toggle.js: the button's name and what a screen reader hears (every page)."""
    return {
        "themeAuto": gettext("Auto"),
        "themeDark": gettext("Dark"),
        "themeLight": gettext("Light"),
        "themeLabel": gettext("Colour theme: %(theme)s. Change it"),
        "themeLabelAuto": gettext("Colour theme: %(theme)s (follows the phone). Change it"),
    }


def freshness() -> Words:
    """freshness.js: the status line of a live page and of the big screen, how fresh it is."""
    return {
        "updatedNow": gettext("Updated just now"),
        "updatedAgo": counted("Updated %(num)s min ago", "Updated %(num)s min ago"),
        "updatedAt": gettext("Updated at %(time)s"),
        "failingNow": gettext("Can't reach the server (retrying) · last updated just now"),
        "failingAgo": counted("Can't reach the server (retrying) · last updated %(num)s min ago",
                              "Can't reach the server (retrying) · last updated %(num)s min ago"),
        "failingAt": gettext("Can't reach the server (retrying) · last updated at %(time)s"),
    }


def board() -> Words:
    """live.js on a live page (a scoreboard, the ladder, a club night's pages)."""
    return {"matchGone": gettext("This match was deleted on another phone.")}


def big_screen() -> Words:
    """screen.js: the table's big screen."""
    return {"screenGone": gettext("This match was deleted. The screen comes back if it is restored.")}


def offline() -> Words:
    """installable.js: the service worker's copy of a scoreboard (or a page) and of a deal form (sw.js)."""
    return {
        "offline": gettext("Offline: showing the scoreboard"),
        "offlineAt": gettext("Offline: showing the scoreboard as of %(time)s"),
        "offlineForm": gettext("Offline: this deal form as of %(time)s"),
    }


def sleep_note() -> Words:
    """sleep-note.js on the scoreboard: the sleeping screen."""
    return {
        # For the person holding the phone: what they can do themselves (the server's owner is told
        # how to serve over HTTPS on the server machine's own home page).
        "sleepNote": gettext("This phone may dim its screen during play: raise its screen timeout in the phone's "
                             "settings."),
        "dismiss": gettext("Dismiss this note"),
    }


def deal_form() -> Words:
    """The deal form's scripts: deal-tally.js, deal-bids.js, deal-preview.js, deal-form.js."""
    return {
        "tricksLeft": counted("%(num)s trick left", "%(num)s tricks left"),
        "tricksOver": counted("%(num)s trick too many", "%(num)s tricks too many"),
        "tricksAll": counted("All %(num)s trick ✓", "All %(num)s tricks ✓"),
        "bidIsCards": gettext("A bid is %(cards)s. Tap ⌫ to take one back first."),
        "cardsSoFar": counted("%(given)s of %(num)s card", "%(given)s of %(num)s cards"),
        "jokerBid": gettext("Joker: the turned suit"),
        "previewOffline": gettext("The points need a connection to the scorer. What you entered is kept on this phone."),
        "clearDraft": gettext("Clear everything entered for this deal?"),
    }


def kept() -> Words:
    """kept-saves.js (every page): saves kept on this phone until the server can be reached; the
    reasons a kept save is not taken; what only the server knows, marked as of its last deal."""
    return {
        "offlineNow": gettext("Offline"),
        "keptCount": counted("%(num)s deal kept on this phone", "%(num)s deals kept on this phone"),
        "asOf": gettext("As of the last deal the server has: deal %(number)s’s dealer and trump."),
        "lostDeleted": gettext("Deal %(number)s of %(names)s was not saved: the match was deleted on another phone."),
        "lostRights": gettext("Deal %(number)s of %(names)s was not saved: this phone no longer keeps that match’s "
                              "score."),
        "lostGone": gettext("The changes to deal %(number)s of %(names)s were not saved: the match or the deal was "
                            "deleted on another phone."),
        "dismissKept": gettext("Dismiss"),
    }


def kept_form() -> Words:
    """kept-form.js (the deal form): its save kept, and the next deal's form while the server is away."""
    return {
        "keptDeal": gettext("Deal %(number)s is kept on this phone and will be sent when the server can be reached."),
        "keptEdit": gettext("The changes to deal %(number)s are kept on this phone and will be sent when the server "
                            "can be reached."),
        "keptStale": gettext("Deal %(number)s is kept on this phone, but the server did not know this phone any more: "
                             "reload the page and save it again."),
        "sendNow": gettext("Send now"),
        "nextDeal": gettext("Next deal"),
        "dealTitle": gettext("Deal %(number)s"),
        "saveDeal": gettext("Save deal %(number)s"),
        "appDealsNext": gettext("The app deals this table’s cards: deal %(next)s’s come from the server once it can "
                                "be reached."),
    }


def kept_board() -> Words:
    """kept-board.js (the scoreboard): its deals not sent yet."""
    return {
        "keptTitle": gettext("Not sent yet"),
        "keptBidTook": gettext("bid/took"),
        "keptWaiting": gettext("Waiting to be sent: its points come from the server."),
        "keptChange": gettext("Changes, waiting to be sent: the points come from the server."),
        "keptHeld": gettext("Not saved as it was: open it to see the server’s answer and choose."),
        "recordDeal": gettext("Record deal %(number)s"),
    }


def kept_problems() -> Words:
    """kept-problems.js (every page but the deal form): the held and lost saves."""
    return {
        "lostFigures": gettext("What it held:"),
        "heldNote": gettext("Deal %(number)s, kept on this phone, was not saved as it was. Open it to see the "
                            "server’s answer and choose."),
        "openHeld": gettext("Open deal %(number)s"),
    }


def meanwhile() -> Words:
    """meanwhile.js on the deal form: another scorekeeper saved meanwhile."""
    return {
        "savedMeanwhile": gettext("Another scorekeeper saved deal %(number)s meanwhile: reload before saving."),
        "changedDeal": gettext("Another scorekeeper changed the match meanwhile (deal %(number)s may differ now): "
                               "reload before saving."),
        "changedMatch": gettext("Another scorekeeper changed the match meanwhile: reload before saving."),
        "goneForm": gettext("This match was deleted on another phone: nothing can be saved."),
        "reload": gettext("Reload"),
    }


def players() -> Words:
    """new-match.js and sheet.js: a seat with no name typed yet."""
    return {"player": gettext("Player %(number)s")}


def bid_helper() -> Words:
    """dealing.js on a player's hand: which cards make which bid."""
    return {
        "yourBid": gettext("Your bid: %(bid)s"),
        "bidOr": gettext("%(bid)s (or %(also)s)"),
        "noBid": gettext("These %(cards)s make no bid here"),
        "choose": gettext("Choose %(cards)s"),
        "chooseMore": counted("Choose %(num)s more", "Choose %(num)s more"),
    }


def sheet_fit() -> Words:
    """sheet.js on a score sheet: the button that shows it at full size or fitted."""
    return {"fitFull": gettext("Show at full size"), "fitScreen": gettext("Fit to the screen")}


# The words of each module that says any (static/*.js, by file name): a linked file carries those
# of the modules it links (assets.Assets.worded), and no more.
MODULES: dict[str, tuple[Callable[[], Words], ...]] = {
    "theme-toggle.js": (theme,),
    "kept-saves.js": (kept,),
    "kept-form.js": (kept_form,),
    "kept-board.js": (kept_board,),
    "kept-problems.js": (kept_problems,),
    "deal-tally.js": (deal_form,),
    "deal-bids.js": (deal_form,),
    "deal-preview.js": (deal_form,),
    "deal-form.js": (deal_form,),
    "meanwhile.js": (meanwhile,),
    "installable.js": (offline,),
    "sleep-note.js": (sleep_note,),
    "freshness.js": (freshness,),
    "live.js": (board,),
    "screen.js": (big_screen,),
    "new-match.js": (players,),
    "sheet.js": (players, sheet_fit),
    "dealing.js": (bid_helper,),
}


def for_modules(names: Iterable[str]) -> Words:
    """The words of the modules named (those of a linked file), in the language of the moment
    (``force_locale``)."""
    words: Words = {}
    for name in names:
        for part in MODULES.get(name, ()):
            words.update(part())
    return words
