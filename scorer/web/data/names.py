"""Player names (and deal-set names): what a name may hold, when two names are one player, and
when two names in one match would look the same on the scoreboard.

- **Normal form.** A name is stored NFKC-normalised with its spaces tidied, so "Zoë" typed with a
  combining diaeresis (NFD) and with a precomposed ë (NFC) is one name, and "Ｚｏë" in full-width
  letters is "Zoë".
- **Identity.** ``key(name)`` is NFKC_Casefold: two names with the same key are the same player
  ("ann" and "ANN"); it is the unique column of ``players``.
- **Refused characters.** Control characters (NUL, escape, ...), format characters (Unicode
  category Cf: zero-width spaces and joiners, text-direction overrides and isolates, the soft
  hyphen, ...), unassigned and private-use code points, surrogates, and the characters that draw
  nothing (``INVISIBLE``: Hangul fillers, the Braille blank, variation selectors, ...). The message
  names the character (``U+200B ZERO WIDTH SPACE``). A name made only of such characters is refused
  the same way.
- **Lookalikes.** A name that mixes Latin, Greek and Cyrillic letters is refused ("Sаme" with a
  Cyrillic а): no real name needs two of these alphabets, and they share many letter shapes.
  Within one match, two names whose *skeletons* are equal are refused: the skeleton is the key
  with every letter of another script that looks like a Latin one replaced by it (Unicode's
  confusables.txt, through the ``confusable_homoglyphs`` library), so "Ѕаmе" (all Cyrillic)
  beside "Same" is refused too.
- **Like a known player.** A new name whose *likeness* is a known player's (the skeleton without
  accents, spaces or punctuation: "Кір", "KIP", "Kíp", "K ip" are all like "Kip") is asked about
  before a new player is made ("Did you mean Kip?"): ``like_known``.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

from confusable_homoglyphs import confusables

from scorer.web.language import gettext, lazy_gettext, pgettext

NAME_LENGTH = 40

# Code points that are letters or symbols to Unicode but show nothing.
INVISIBLE = {
    0x034F,  # COMBINING GRAPHEME JOINER
    0x115F, 0x1160, 0x3164, 0xFFA0,  # Hangul fillers
    0x17B4, 0x17B5,  # Khmer inherent vowels
    0x180B, 0x180C, 0x180D, 0x180E, 0x180F,  # Mongolian variation selectors and vowel separator
    0x2800,  # BRAILLE PATTERN BLANK
    *range(0xFE00, 0xFE10),  # variation selectors
    *range(0xE0100, 0xE01F0),  # variation selectors supplement
}
# Why each refused kind of character cannot be in a name, a whole sentence each ("%(what)s": "The
# name", "A player's name", as the caller words it; "%(char)s": "U+200B ZERO WIDTH SPACE").
REFUSED_CATEGORIES = {
    "Cc": lazy_gettext("%(what)s cannot hold a control character (%(char)s): type it with visible letters only."),
    "Cf": lazy_gettext("%(what)s cannot hold an invisible formatting character (%(char)s): type it with visible "
                       "letters only."),
    "Cn": lazy_gettext("%(what)s cannot hold an unassigned code point (%(char)s): type it with visible letters only."),
    "Co": lazy_gettext("%(what)s cannot hold a private-use character (%(char)s): type it with visible letters only."),
    "Cs": lazy_gettext("%(what)s cannot hold a lone surrogate (%(char)s): type it with visible letters only."),
}
SHOWS_NOTHING = lazy_gettext("%(what)s cannot hold a character that shows nothing (%(char)s): type it with visible "
                             "letters only.")
SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")


def script_words(script: str) -> str:
    """An alphabet's letters as a sentence names them ("Cyrillic and Latin letters")."""
    return {"LATIN": pgettext("letters", "Latin"), "GREEK": pgettext("letters", "Greek"),
            "CYRILLIC": pgettext("letters", "Cyrillic")}[script]

class NameProblem(ValueError):
    """Why a name cannot be used; the message is meant for the person who typed it."""


def describe(char: str) -> str:
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}{' ' + name if name else ''}"


def tidy(text: str) -> str:
    """NFKC with spaces tidied: the stored form of a name already found acceptable."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def clean(text: str, what: str | None = None, limit: int = NAME_LENGTH) -> str:
    """The name as stored: NFKC, spaces tidied; ``NameProblem`` says what is wrong with it, in the
    page's language, with ``what`` as its subject ("The name"; "A name" if not given)."""
    what = gettext("A name") if what is None else what
    name = tidy(text)
    for char in name:
        category = unicodedata.category(char)
        if category in REFUSED_CATEGORIES or ord(char) in INVISIBLE:
            sentence = REFUSED_CATEGORIES.get(category, SHOWS_NOTHING)
            raise NameProblem(sentence % {"what": what, "char": describe(char)})
    if not name:
        raise NameProblem(gettext("%(what)s needs at least one letter you can see.", what=what))
    if unicodedata.category(name[0]).startswith("M"):
        raise NameProblem(gettext("%(what)s cannot start with a mark on its own (%(char)s).", what=what,
                                  char=describe(name[0])))
    if len(name) > limit:
        raise NameProblem(gettext("%(what)s is longer than %(limit)s characters.", what=what, limit=limit))
    scripts = sorted({script for char in name if char.isalpha()
                      for script in SCRIPTS if unicodedata.name(char, "").startswith(script + " ")})
    if len(scripts) > 1:
        alphabets = script_words(scripts[0])
        for script in scripts[1:]:
            alphabets = gettext("%(first)s and %(second)s", first=alphabets, second=script_words(script))
        raise NameProblem(gettext("%(what)s mixes %(alphabets)s letters, which can look alike: type it in one alphabet.",
                                  what=what, alphabets=alphabets))
    return name


def key(name: str) -> str:
    """The form of a name that identifies a player: NFKC_Casefold of its tidied spaces."""
    return unicodedata.normalize("NFKC", tidy(name).casefold())


@functools.cache
def latin_like(char: str) -> str:
    """The Latin letter ``char`` looks like (Unicode's confusables), or ``char`` itself."""
    if not char.isalpha() or unicodedata.name(char, "").startswith("LATIN "):
        return char
    latin = []
    for form in (char, char.upper()):  # "к" looks like "ĸ" (kra), its capital "К" like "K"
        for entry in confusables.is_confusable(form, greedy=True, preferred_aliases=["latin"]) or []:
            latin += [str(glyph["c"]) for glyph in entry["homoglyphs"]
                      if len(glyph["c"]) == 1 and glyph["n"].startswith("LATIN ")]
    plain = [glyph for glyph in latin if glyph.isascii()]  # the letter a person would type
    return (plain or latin or [char])[0].casefold()


def skeleton(name: str) -> str:
    """What a name looks like: its key with lookalike letters made Latin (accents are kept:
    "Zoë" and "Zoe" can be told apart)."""
    return "".join(latin_like(char) for char in key(name)).casefold()


def likeness(name: str) -> str:
    """A name as it might be mistyped for another: its skeleton without accents, spaces or
    punctuation ("Kíp", "K ip", "Кір" are all "kip")."""
    plain = unicodedata.normalize("NFKD", skeleton(name))
    return "".join(char for char in plain if char.isalnum())


def new_lookalike(players: Iterable[str], known: Iterable[str], confirmed: Iterable[str] = ()) -> tuple[int, str, str] | None:
    """The first of ``players`` that would be a new player (no name of ``known`` has its key) while
    looking like a known one, unless ``confirmed`` as new: (its place, the name, the known name)."""
    known = list(known)
    keys = {key(name) for name in known} | {key(name) for name in confirmed}
    for place, name in enumerate(players):
        if key(name) not in keys:
            other = like_known(name, known)
            if other is not None:
                return place, name, other
    return None


def like_known(name: str, known: Iterable[str]) -> str | None:
    """The first of ``known`` (players' names) that is another player than ``name`` but looks like
    it (``likeness``); None if none."""
    shape, own = likeness(name), key(name)
    if not shape:
        return None
    return next((other for other in known if key(other) != own and likeness(other) == shape), None)


def lookalikes(names: Iterable[str]) -> tuple[str, str] | None:
    """The first two of ``names`` that are different players but look the same, if any."""
    seen: dict[str, str] = {}
    for name in names:
        shape = skeleton(name)
        if shape in seen and key(seen[shape]) != key(name):
            return seen[shape], name
        seen.setdefault(shape, name)
    return None


SHORT_NAME = 20  # a name in a message longer than this is cut, so that the message stays readable
UNNAMED_PHONE = "Unnamed phone"  # kept as the name of a phone never named; worded by the page (formatting.phone_name)


def short(name: str, limit: int = SHORT_NAME) -> str:
    """A name as a message quotes it: whole up to ``limit`` letters, else cut with an ellipsis
    ("Bartholomew-Maximilian…"). The box or the table beside the message shows it in full."""
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"
