"""The app's refusals in the page's language: every code of ``data/refusals.REFUSALS`` (a write's,
a name's, a file's) worded from its facts, and every heading of ``HEADINGS``.

The writes and the data layer's checks state why they refused as a code and its facts
(``Stated``, ``Said``) and word nothing; this is the one place a screen gets the words, as
``problem_words`` is for the core's problems. ``title`` and ``message`` word a refusal for its
page (the error handler, and every view that shows one), ``say`` one line (a field's message, an
import's line), ``heading`` a page's heading. A few refusals the screen can word better with what
it knows (the players' names, whether this phone saved the deal first): ``message`` takes
``names`` and ``here`` for them, and words the same refusal the same way wherever it is shown.
``tests/web/test_refusal_words.py`` words every code in English and German.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scorer.core import MatchError
from scorer.web.data.refusals import HEADINGS, REFUSALS, Said, Stated
from scorer.web.language import gettext as _
from scorer.web.language import ngettext, pgettext
from scorer.web.presentation import change_words, night, preview, problem_words
from scorer.web.presentation.formatting import local_clock, number, size_text


@dataclass(frozen=True)
class Context:
    """What the screen knows beside the refusal: the match's players (by seat), and whether this
    phone saved the deal that was saved first (``here``)."""

    names: Sequence[str] | None = None
    here: bool = False


Facts = Mapping[str, Any]
Wording = Callable[[Facts, Context], str]


def field_words(field: str) -> str | None:
    """What a match document's field is called in a player's words, for an import's messages."""
    words = {
        "first_dealer": _("the first dealer"), "format": _("the file's format"), "document": _("the file"),
        "players": _("the players"), "ruleset": _("the ruleset"), "options": _("the match options"),
        "deals": _("the deals"), "deal": _("the deal"), "dealer": _("the dealer"), "bids": _("the bids"),
        "tricks": _("the tricks"), "premiums": _("the premiums"), "turn_up": _("the turned card"),
        "trump": _("the trump"), "seed": _("the seed"), "hands": _("the hands"),
        "options.match": _("the match"), "options.deals": _("the deals"), "options.games_to_win": _("the games to win"),
        "options.target": _("the target"), "options.first_trump": _("the first trump"), "options.trump": _("the trump"),
        "options.no_trump_play": _("the no trump play"), "options.allow_no_trump_call": _("the allow no trump call"),
        "played_at": _("the time it was played"), "updated_at": _("the time it was last changed"),
        "finished_at": _("the time it finished"), "next_deal_dealt": _("whether the next deal was dealt"),
    }
    if field in words:
        return words[field]
    # Any other option key: its own name, in the file's words.
    return _("the %(option)s", option=field.split(".", 1)[1].replace("_", " ")) if field.startswith("options.") else None


def _field(f: Facts) -> str:
    return field_words(f["field"]) or str(f["field"])


def _file(value: object) -> str:
    """A file as an import's lines name it: its name, one match of a list, or "the file"."""
    if value is None:
        return _("the file")
    return say(value) if isinstance(value, Said) else str(value)


def _in_file(f: Facts) -> str:
    return _file(f["file"])


def alphabet_words(script: str) -> str:
    """An alphabet's letters as a sentence names them ("Cyrillic and Latin letters")."""
    words = {"LATIN": pgettext("letters", "Latin"), "GREEK": pgettext("letters", "Greek"),
             "CYRILLIC": pgettext("letters", "Cyrillic")}
    return words.get(script, script)


def _what(f: Facts) -> str:
    """A name's subject, as the screen gave it ("The name", "A player's name"), else "A name"."""
    return _("A name") if f["what"] is None else str(f["what"])


def _name_character(f: Facts) -> str:
    what, char = _what(f), f["char"]
    sentences = {
        "Cc": lambda: _("%(what)s cannot hold a control character (%(char)s): type it with visible letters only.",
                        what=what, char=char),
        "Cf": lambda: _("%(what)s cannot hold an invisible formatting character (%(char)s): type it with visible "
                        "letters only.", what=what, char=char),
        "Cn": lambda: _("%(what)s cannot hold an unassigned code point (%(char)s): type it with visible letters only.",
                        what=what, char=char),
        "Co": lambda: _("%(what)s cannot hold a private-use character (%(char)s): type it with visible letters only.",
                        what=what, char=char),
        "Cs": lambda: _("%(what)s cannot hold a lone surrogate (%(char)s): type it with visible letters only.",
                        what=what, char=char),
    }
    if f["category"] in sentences:
        return sentences[f["category"]]()
    return _("%(what)s cannot hold a character that shows nothing (%(char)s): type it with visible letters only.",
             what=what, char=char)


def _alphabets(f: Facts) -> str:
    scripts = list(f["scripts"])
    alphabets = alphabet_words(scripts[0])
    for script in scripts[1:]:
        alphabets = _("%(first)s and %(second)s", first=alphabets, second=alphabet_words(script))
    return _("%(what)s mixes %(alphabets)s letters, which can look alike: type it in one alphabet.",
             what=_what(f), alphabets=alphabets)


def _breaks_rule(f: Facts, c: Context) -> str:
    error = f["error"]
    assert isinstance(error, MatchError)
    return problem_words.undo_breaks(error, c.names)


def _later_change(f: Facts, c: Context) -> str:
    newer = f["newer"]
    return change_words.later_first(newer if c.names is not None else None, list(c.names or []))


def _private_bid(f: Facts, c: Context) -> str:
    if c.names is not None or f["face_down"]:
        return preview.private_bid_words(f["seat"], f["face_down"], list(c.names or []))
    return _("Seat %(seat)s's bid cards cannot be taken while the deal's cards are private.", seat=f["seat"] + 1)


def _when(value: object) -> str:
    assert isinstance(value, datetime)
    return local_clock(value)


# Every code of data/refusals.REFUSALS, worded (tests/web/test_refusal_words.py checks that none is
# missing, in English and German).
WORDS: dict[str, Wording] = {
    # the unit of work
    "busy": lambda f, c: _("%(undone)s: the scorer was busy with another change. Go back and send it again; what you "
                           "entered is kept on this phone.", undone=heading(f["undone"])),
    "match-deleted": lambda f, c: _("This match was deleted from another phone, so nothing was changed."),
    # deals
    "wrong-form": lambda f, c: _("This form was for deal %(posted)s, not deal %(number)s; nothing was saved.",
                                 posted=f["posted"], number=f["number"]),
    "not-playing": lambda f, c: night.not_playing(f["set"], f["state"], f["behind"], f["ended"]),
    "published": lambda f, c: _("Deal %(number)s is published at this table's club night: it was not recorded or "
                                "taken away.", number=f["number"]),
    "taken": lambda f, c: preview.taken_words(f["number"], c.here),
    "private-bid": lambda f, c: _private_bid(f, c),
    "moved": lambda f, c: _("This form was for deal %(number)s, not deal %(next)s; nothing was saved. A deal was deleted "
                            "from another phone: deal %(next)s is the next one now.", number=f["number"],
                            next=f["next_deal"]),
    "sent-twice": lambda f, c: _("Deal %(number)s was already saved. It was sent twice and is recorded once.",
                                 number=f["number"]),
    "edited-twice": lambda f, c: _("Deal %(number)s was already changed to these figures. It was sent twice and is "
                                   "changed once.", number=f["number"]),
    "edit-conflict": lambda f, c: _("Deal %(number)s was not changed: the match was changed from another phone after "
                                    "you opened this form. Deal %(number)s as it is saved now is shown below; your "
                                    "figures are still in the form: send them again to apply them to the match as it "
                                    "is now.", number=f["number"]),
    "no-more-deals": lambda f, c: _("No more deals can be recorded. Nothing was saved."),
    "match-deleted-deal-not-saved": lambda f, c: _("This match was deleted from another phone, so deal %(number)s was "
                                                   "not saved.", number=f["number"]),
    "match-deleted-deal-not-changed": lambda f, c: _("This match was deleted from another phone, so deal %(number)s "
                                                     "was not changed.", number=f["number"]),
    "no-such-deal": lambda f, c: _("This match has no deal %(number)s.", number=f["number"]),
    "deals-recorded-since": lambda f, c: (
        _("Deal %(number)s was not deleted: deal %(next)s was recorded from another phone after you asked, and only "
          "the last deal can be deleted. Edit deal %(number)s instead if it is wrong.",
          number=f["number"], next=f["number"] + 1) if f["last"] == f["number"] + 1
        else _("Deal %(number)s was not deleted: deals %(next)s to %(last)s were recorded from another phone after you "
               "asked, and only the last deal can be deleted. Edit deal %(number)s instead if it is wrong.",
               number=f["number"], next=f["number"] + 1, last=f["last"])),
    "only-last-deal": lambda f, c: _("Only the last deal (deal %(last)s) can be deleted; edit deal %(number)s instead.",
                                     last=f["last"], number=f["number"]),
    "delete-out-of-date": lambda f, c: _("Deal %(number)s was not deleted: the match was changed from another phone "
                                         "after you asked. Look at deal %(number)s on the scoreboard as it is now, and "
                                         "delete it again if it should go.", number=f["number"]),
    # an undo
    "undo-out-of-date": lambda f, c: _("The match was changed from another phone after you looked at what this undo "
                                       "would do, so nothing was undone. Look again: it says what the undo does now."),
    "breaks-rule": _breaks_rule,
    "later-change-first": _later_change,
    "change-not-in-history": lambda f, c: _("That change is not in this match's history."),
    "match-gone-for-good": lambda f, c: _("This match is gone for good."),
    "restore-first": lambda f, c: _("This match is deleted: restore it first (Recently deleted), then undo."),
    "deals-after-it": lambda f, c: (
        _("Deal %(number)s cannot be taken away while deal %(next)s comes after it: undo deal %(last)s's recording "
          "first (newest first), or delete it.", number=f["number"], next=f["number"] + 1, last=f["last"])
        if f["last"] == f["number"] + 1
        else _("Deal %(number)s cannot be taken away while deals %(next)s to %(last)s come after it: undo deal "
               "%(last)s's recording first (newest first), or delete it.", number=f["number"], next=f["number"] + 1,
               last=f["last"])),
    "deletion-first": lambda f, c: _("Deal %(number)s can come back only after deal %(next)s: undo the deletion of deal "
                                     "%(next)s first.", number=f["number"], next=f["next_deal"]),
    # a rename
    "rename-busy": lambda f, c: _("The name was not changed: the scorer was busy with another change. Please try again."),
    "no-such-player": lambda f, c: _("There is no such player."),
    "renamed-since": lambda f, c: _("%(name)s is no longer called %(expected)s: look at the history as it is now.",
                                    name=f["name"], expected=f["expected"]),
    "name-now-taken": lambda f, c: _("%(new)s is now another player's name, so %(old)s cannot be renamed back. Rename "
                                     "that player first.", new=f["new"], old=f["old"]),
    "name-taken": lambda f, c: _("%(name)s is already another player's name. Choose a different one.", name=f["name"]),
    # deal sets
    "behind": lambda f, c: night.behind_refused(f["number"], f["deals"], f["published"]),
    "table-moved": lambda f, c: _("Table %(number)s was changed from another phone meanwhile; nothing more was changed.",
                                  number=f["number"]),
    "not-a-table": lambda f, c: _("That match is not a table of this deal set."),
    "no-such-deal-set": lambda f, c: _("There is no such deal set."),
    # matches
    "looks-like-known": lambda f, c: _("%(typed)s looks like %(known)s, who has played here before.",
                                       typed=f["typed"], known=f["known"]),
    "rematch-not-over": lambda f, c: _("This match is not over yet, so no rematch was started."),
    # scorekeepers, seats, hands
    "invite-used": lambda f, c: _("This invite was used already, or replaced. This phone was not made a scorekeeper."),
    "no-such-keeper": lambda f, c: _("This match has no such scorekeeper."),
    "seat-not-held": lambda f, c: _("No phone holds that seat: there is nothing to hand over."),
    "holds-another-seat": lambda f, c: _("The phone that held this seat holds another seat of this match now, and a "
                                         "phone holds one seat only: hand that seat over first."),
    "no-such-hand": lambda f, c: _("There is no hand at this address."),
    "already-recorded": lambda f, c: _("Deal %(number)s is already recorded: nothing was changed.", number=f["number"]),
    "no-dummy-bid": lambda f, c: _("The app has no dummy's bid for deal %(number)s.", number=f["number"]),
    # typed seeds
    "too-many-seeds": lambda f, c: _("This phone has started %(most)s matches with a typed seed in the last %(minutes)s "
                                     "minutes: it may start another with a seed from %(time)s. Leave the seed empty to "
                                     "start the match now.", most=f["most"], minutes=f["minutes"],
                                     time=_when(f["retry_at"])),
    # the ratings
    "confirm-unfinished": lambda f, c: _("Only a finished match can be confirmed for the ladder."),
    "ladder-rule-unknown": lambda f, c: _("The ladder can count every finished match or only confirmed ones, not "
                                          "%(rule)s.", rule=repr(f["rule"])),
    # a deleted match
    "match-in-recently-deleted": lambda f, c: _("This match was deleted. It can be restored from Recently deleted for "
                                                "%(days)s days after its deletion.", days=f["days"]),
    # a name
    "name-character": lambda f, c: _name_character(f),
    "name-empty": lambda f, c: _("%(what)s needs at least one letter you can see.", what=_what(f)),
    "name-starts-with-mark": lambda f, c: _("%(what)s cannot start with a mark on its own (%(char)s).", what=_what(f),
                                            char=f["char"]),
    "name-too-long": lambda f, c: _("%(what)s is longer than %(limit)s characters.", what=_what(f), limit=f["limit"]),
    "name-mixes-alphabets": lambda f, c: _alphabets(f),
    # who handles the cards
    "choose-cards": lambda f, c: _("Choose who handles the cards."),
    "turns-no-card-from-bids": lambda f, c: _("%(ruleset)s turns no card for trump when trump comes from the bids "
                                              "made, so there is nothing for the app to turn. Deal a real pack, or let "
                                              "the app deal.", ruleset=f["ruleset"]),
    "turns-no-card": lambda f, c: _("%(ruleset)s turns no card for trump, so there is nothing for the app to turn. "
                                    "Deal a real pack, or let the app deal.", ruleset=f["ruleset"]),
    # a file to import
    "file-match": lambda f, c: _("%(file)s, match %(number)s of %(count)s", file=_in_file(f), number=f["number"],
                                 count=f["count"]),
    "too-large": lambda f, c: _("%(file)s: %(problem)s, more than an import may hold", file=_in_file(f),
                                problem=say(f["problem"])),
    "json-values": lambda f, c: _("it holds about %(values)s JSON values; the limit is %(limit)s",
                                  values=number(f["values"]), limit=number(f["limit"])),
    "files-count": lambda f, c: _("it holds %(files)s files; the limit is %(limit)s", files=number(f["files"]),
                                  limit=number(f["limit"])),
    "unpacked-size": lambda f, c: _("its documents add up to %(size)s unpacked; the limit is %(limit)s",
                                    size=size_text(f["size"]), limit=size_text(f["limit"])),
    "unpacked-more": lambda f, c: _("its documents unpack to more than %(limit)s", limit=size_text(f["limit"])),
    "file-size": lambda f, c: _("it is %(size)s; the limit is %(limit)s", size=size_text(f["size"]),
                                limit=size_text(f["limit"])),
    "matches-count": lambda f, c: _("it holds more than %(limit)s matches; import them a few files at a time",
                                    limit=number(f["limit"])),
    "long-text": lambda f, c: _("%(file)s: a text in it is %(size)s bytes long; the limit is %(limit)s",
                                file=_in_file(f), size=number(f["size"]), limit=number(f["limit"])),
    "nested-deep": lambda f, c: _("%(file)s: is nested too deeply (%(depth)s levels; the limit is %(limit)s)",
                                  file=_in_file(f), depth=number(f["depth"]), limit=f["limit"]),
    "long-number-in-file": lambda f, c: _("%(file)s: holds a number more than %(limit)s digits long, which no match "
                                          "document needs", file=_in_file(f), limit=f["limit"]),
    "long-number": lambda f, c: _("a number is %(digits)s digits long; the limit is %(limit)s", digits=f["digits"],
                                  limit=f["limit"]),
    "not-a-number": lambda f, c: _("%(value)s is not a number a match document holds", value=f["value"]),
    "in-file": lambda f, c: _("%(file)s: %(problem)s", file=_in_file(f), problem=say(f["problem"])),
    "not-utf8": lambda f, c: _("%(file)s: is not UTF-8 text, so it is not a match document", file=_in_file(f)),
    "not-json": lambda f, c: _("%(file)s: not valid JSON (%(error)s at line %(line)s column %(column)s)",
                               file=_in_file(f), error=json_words(f["error"]), line=f["line"], column=f["column"]),
    "nested-too-deeply": lambda f, c: _("%(file)s: is nested too deeply to be a match document", file=_in_file(f)),
    "another-archive": lambda f, c: _("%(file)s: holds another archive (%(archive)s); unpack it and import its .json "
                                      "files", file=_in_file(f), archive=f["archive"]),
    "not-a-zip": lambda f, c: _("%(file)s: is not a zip file that can be read (%(error)s)", file=_in_file(f),
                                error=f["error"]),
    "no-json-files": lambda f, c: _("%(file)s: holds no .json match documents", file=_in_file(f)),
    "empty-list": lambda f, c: _("%(file)s: holds no match documents (an empty list)", file=_in_file(f)),
    # a document to import
    "not-a-date": lambda f, c: _("%(field)s must be a date and time such as %(example)s, not %(value)s",
                                 field=_field(f), example=f["example"], value=f["value"]),
    "date-out-of-range": lambda f, c: _("%(field)s must be a date from %(first)s to %(last)s, not %(value)s",
                                        field=_field(f), first=f["first"], last=f["last"], value=f["value"]),
    "named-twice": lambda f, c: _("%(name)s is named twice", name=f["name"]),
    "look-the-same": lambda f, c: _("%(first)s and %(second)s look the same; a match needs names that can be told "
                                    "apart", first=f["first"], second=f["second"]),
    "not-true-or-false": lambda f, c: _("%(field)s must be true or false, not %(value)s", field=_field(f),
                                        value=f["value"]),
    "cards-mode": lambda f, c: (
        _("%(value)s is not how this match's cards can be handled (one of %(modes)s): %(problem)s", value=f["value"],
          modes=f["modes"], problem=say(f["problem"])) if f["problem"] is not None
        else _("%(value)s is not how this match's cards can be handled (one of %(modes)s)", value=f["value"],
               modes=f["modes"])),
    "not-a-seed": lambda f, c: _("%(field)s must be a whole number from 0 to %(most)s, not %(value)s", field=_field(f),
                                 most=f["most"], value=f["value"]),
    "dealt-without-app": lambda f, c: _("the hands: dealt cards need the match's \"cards\" mode (\"app\")"),
    # storing an import
    "database-refused": lambda f, c: _("the database refused to store a match (%(error)s) after %(done)s of %(total)s "
                                       "were stored. Import the same file again: the %(done)s stored are recognised "
                                       "and not doubled", error=f["error"], done=f["done"], total=f["total"]),
    "and-more": lambda f, c: _("…and %(count)s more", count=f["count"]),
    "cannot-import": lambda f, c: ngettext("%(num)s of %(total)s matches cannot be imported",
                                           "%(num)s of %(total)s matches cannot be imported", f["num"], total=f["total"]),
}

# Every heading of data/refusals.HEADINGS, worded.
HEADING_WORDS: dict[str, Callable[[Facts], str]] = {
    "nothing-changed": lambda f: _("Nothing was changed"),
    "busy": lambda f: _("The scorer was busy"),
    "not-found": lambda f: _("Not found"),
    "page-not-found": lambda f: _("Not Found"),
    "match-over": lambda f: _("This match is over"),
    "deal-not-saved": lambda f: _("Deal %(number)s was not saved", number=f["number"]),
    "deal-not-changed": lambda f: _("Deal %(number)s was not changed", number=f["number"]),
    "deal-not-deleted": lambda f: _("Deal %(number)s was not deleted", number=f["number"]),
    "nothing-undone": lambda f: _("Nothing was undone"),
    "table-not-changed": lambda f: _("The table was not changed"),
    "no-rematch": lambda f: _("No rematch was started"),
    "match-not-deleted": lambda f: _("The match was not deleted"),
    "nothing-restored": lambda f: _("Nothing was restored"),
    "not-made-keeper": lambda f: _("This phone was not made a scorekeeper"),
    "nobody-revoked": lambda f: _("Nobody was revoked"),
    "device-name-not-saved": lambda f: _("The phone's name was not saved"),
    "no-seat-handed-over": lambda f: _("No seat was handed over"),
    "too-many-seeds": lambda f: _("Too many typed seeds"),
    "ratings-not-changed": lambda f: _("The ratings were not changed"),
    "nothing-shown": lambda f: _("Nothing was shown"),
    "nothing-turned-up": lambda f: _("Nothing was turned up"),
    "not-rebuilt": lambda f: _("Not rebuilt"),
    "not-purged": lambda f: _("Not purged"),
}


def json_words(message: str) -> str:
    """The JSON parser's usual complaints (Python's own words) in the page's language; any other
    as the parser says it."""
    words = {
        "Expecting value": _("Expecting value"),
        "Extra data": _("Extra data"),
        "Expecting ',' delimiter": _("Expecting ',' delimiter"),
        "Expecting ':' delimiter": _("Expecting ':' delimiter"),
        "Expecting property name enclosed in double quotes": _("Expecting property name enclosed in double quotes"),
        "Unterminated string starting at": _("Unterminated string starting at"),
        "Invalid control character at": _("Invalid control character at"),
    }
    return words.get(message, message)


def say(said: object, context: Context | None = None) -> str:
    """One refusal's words (``Said``, or a ``Stated``'s code and facts): a sentence, or a clause
    where another sentence holds it."""
    if isinstance(said, Stated):
        said = said.said
    assert isinstance(said, Said) and not said.heading, said
    return WORDS[said.code](said.facts, context or Context())


def heading(said: object) -> str:
    """A page's heading (``Said`` of ``HEADINGS``)."""
    assert isinstance(said, Said) and said.heading, said
    return HEADING_WORDS[said.code](said.facts)


def title(problem: Stated) -> str:
    """The heading of a refusal's page: "Deal 4 was not saved"."""
    return heading(problem.heading)


def message(problem: Stated, names: Sequence[str] | None = None, here: bool = False) -> str:
    """Why it was refused, and what to do: with the match's players' ``names`` where the screen has
    them, and ``here`` where this phone saved the deal that was saved first."""
    return say(problem.said, Context(names, here))


def words(code: str, **facts: Any) -> str:
    """A refusal's words from its code and facts, for a page that refuses before any write does
    (the same words as the write's)."""
    return say(Said(code, **facts))


assert set(WORDS) == set(REFUSALS) and set(HEADING_WORDS) == set(HEADINGS)
