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
- **Like a known player.** A new name that *resembles* a known player's is asked about before a
  new player is made ("Did you mean Kip?"): ``like_known``. Each name is read as typed, in
  capitals and in small letters (``likenesses``), as Unicode's confusable skeleton (UTS #39:
  every character through its prototype in confusables.txt, as ``confusable_homoglyphs`` ships
  it), with small capitals and digits read as the letters they look like ("ᴋɪᴘ", "K1p", "B0b"),
  without accents, spaces or punctuation: "Кір", "KIP", "Kíp", "K ip", "Kıp", "ꓗꓲꓑ" are all like "Kip", in one
  reading or the other. A letter of a script a Latin reader does not know (not Latin, Greek or
  Cyrillic, whose lookalikes confusables.txt lists) that has no Latin prototype may stand for any
  letter beside a Latin one ("Աnn" and "ᎪᏁᏁ" are like "Ann"), as long as one Latin letter of the
  two names is the same; "Kim" and "Anna" stay other players than "Kip" and "Ann".
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable
from typing import NamedTuple

from confusable_homoglyphs import confusables

from scorer.web.data.refusals import Stated

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
# The kinds of character refused in a name (control, formatting, unassigned, private use, lone
# surrogate): each is worded by the screen (``presentation/refusal_words``), as one that shows nothing.
REFUSED_CATEGORIES = ("Cc", "Cf", "Cn", "Co", "Cs")
SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")

class NameProblem(Stated, ValueError):
    """Why a name cannot be used: a code of ``refusals.REFUSALS`` ("name-...") and its facts, worded
    for the person who typed it by the screen."""

    status = 422


def describe(char: str) -> str:
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}{' ' + name if name else ''}"


def tidy(text: str) -> str:
    """NFKC with spaces tidied: the stored form of a name already found acceptable."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def clean(text: str, what: str | None = None, limit: int = NAME_LENGTH) -> str:
    """The name as stored: NFKC, spaces tidied; ``NameProblem`` says what is wrong with it, as a
    code and facts, with ``what`` as its subject, as the screen words it ("The name"; None: "A
    name")."""
    name = tidy(text)
    for char in name:
        category = unicodedata.category(char)
        if category in REFUSED_CATEGORIES or ord(char) in INVISIBLE:
            raise NameProblem("name-character", what=what, char=describe(char),
                              category=category if category in REFUSED_CATEGORIES else "")
    if not name:
        raise NameProblem("name-empty", what=what)
    if unicodedata.category(name[0]).startswith("M"):
        raise NameProblem("name-starts-with-mark", what=what, char=describe(name[0]))
    if len(name) > limit:
        raise NameProblem("name-too-long", what=what, limit=limit)
    scripts = sorted({script for char in name if char.isalpha()
                      for script in SCRIPTS if unicodedata.name(char, "").startswith(script + " ")})
    if len(scripts) > 1:
        raise NameProblem("name-mixes-alphabets", what=what, scripts=tuple(scripts))
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


# Letters that look like a Latin one but that confusables.txt maps elsewhere or not at all.
LOOKS_LIKE = {"\u01bf": "p", "\u01f7": "P",  # ƿ Ƿ wynn (confusables.txt: thorn)
              "\u0138": "k"}  # ĸ kra (confusables.txt's prototype of small capital K and of kappa)
# Digits as the letters they stand for in a name ("B0b", "L3na"); 1 is l already in confusables.txt.
DIGIT_LETTERS = {"0": "o", "2": "z", "3": "e", "4": "a", "5": "s", "6": "b", "7": "t", "8": "b", "9": "g"}
SMALL_CAPITAL = "LATIN LETTER SMALL CAPITAL "  # ᴋ is "LATIN LETTER SMALL CAPITAL K"
KNOWN_SCRIPTS = ("LATIN", *SCRIPTS[1:])  # scripts whose lookalikes of Latin letters confusables.txt lists


def _rank(char: str) -> tuple[bool, bool, int]:
    """Which of two characters confusables.txt pairs (without saying which is the prototype)
    stands for both: an ASCII one, else a Latin one, else the lower code point."""
    return not char.isascii(), not unicodedata.name(char, " ").startswith("LATIN "), ord(char)


@functools.cache
def prototypes() -> dict[str, str]:
    """Each character's prototype in Unicode's confusables.txt (UTS #39), from the table
    ``confusable_homoglyphs`` ships, which lists each mapping both ways: a character with one entry
    maps to it when that entry lists others too (the prototype of several) or is longer than one
    character ("m" → "rn"); two characters listing only each other are one prototype and its one
    source, and both stand for the one ``_rank`` prefers."""
    def plain(text: str) -> str:
        return text.replace("\u200e", "")  # the table wraps right-to-left characters in marks
    table: dict[str, list[str]] = {}
    for char, entries in confusables.confusables_data.items():
        table.setdefault(plain(char), []).extend(plain(str(entry["c"])) for entry in entries)
    found: dict[str, str] = {}
    for char, others in table.items():
        if len(char) != 1 or len(others) != 1:
            continue
        target = others[0]
        back = table.get(target, [])
        if len(target) > 1 or len(back) > 1:
            found[char] = target
        elif back == [char]:
            found[char] = min(char, target, key=_rank)
    return found


def _without_marks(text: str) -> str:
    return "".join(char for char in unicodedata.normalize("NFD", text) if not unicodedata.category(char).startswith("M"))


def _as_letters(char: str) -> str:
    """A small capital as its capital ("ᴋ" → "K"), a digit or a wynn as the letter it looks like."""
    name = unicodedata.name(char, "")
    if name.startswith(SMALL_CAPITAL) and len(name) == len(SMALL_CAPITAL) + 1:
        return name[-1]
    return DIGIT_LETTERS.get(char) or LOOKS_LIKE.get(char) or char


@functools.lru_cache(maxsize=4096)
def likenesses(name: str) -> tuple[str, str, str]:
    """What a name looks like, read as typed, in small letters and in capitals: its confusable
    skeleton (UTS #39) with small capitals and digits read as letters, without accents, spaces or
    punctuation ("Kíp", "K ip", "Kıp" are "kip" in small letters; "Кір", "ꓗꓲꓑ", "K1p" are "KlP"
    in capitals). In capitals and as typed "l" and "I" stay apart ("ALI" is not "ALL")."""
    mapping = prototypes()
    text = "".join(_as_letters(char) for char in tidy(name))
    readings = []
    for cased in (text, text.casefold(), text.upper()):
        shape = _without_marks("".join(mapping.get(char, char) for char in _without_marks(cased)))
        # A mark's removal may leave a letter with a prototype; a prototype may look like a Latin letter ("ĸ").
        shape = "".join(LOOKS_LIKE.get(found, found) for found in (mapping.get(char, char) for char in shape))
        readings.append("".join(char for char in shape if char.isalnum()))
    readings[1] = readings[1].casefold()
    return readings[0], readings[1], readings[2]


def unread(char: str) -> bool:
    """A letter of a script a Latin reader does not know (not Latin, Greek or Cyrillic) that
    confusables.txt reads as no Latin letter: it may be taken for any letter."""
    return char.isalpha() and not char.isascii() and unicodedata.name(char, "").split(" ")[0] not in KNOWN_SCRIPTS


def resembles(typed: str, known: str) -> bool:
    """Whether two likenesses look the same: equal, or equal but where one has an ``unread``
    letter and the other a letter it may be taken for, with at least one letter of neither kind
    the same in both ("Աnn" and "Ann"; not "李明" and "Al", nor "Ꭰ" and "Ꮑ", two letters of one
    script)."""
    if typed == known:
        return bool(typed)
    if len(typed) != len(known):
        return False
    anchored = False
    for mine, theirs in zip(typed, known, strict=True):
        if mine == theirs:
            anchored = anchored or not unread(mine)
        elif unread(mine) == unread(theirs) or not (mine.isalpha() and theirs.isalpha()):
            return False
    return anchored


class Lookalike(NamedTuple):
    """A name typed for a new player that looks like a known player's: its place among the names
    typed, the name as typed, and the known name (the one type the new-match form's question, its
    refusal and the chances' note share)."""

    place: int
    typed: str
    known: str


def new_lookalike(players: Iterable[str], known: Iterable[str], confirmed: Iterable[str] = ()) -> Lookalike | None:
    """The first of ``players`` that would be a new player (no name of ``known`` has its key) while
    looking like a known one, unless ``confirmed`` as new."""
    known = list(known)
    keys = {key(name) for name in known} | {key(name) for name in confirmed}
    for place, name in enumerate(players):
        if key(name) not in keys:
            other = like_known(name, known)
            if other is not None:
                return Lookalike(place, name, other)
    return None


def like_known(name: str, known: Iterable[str]) -> str | None:
    """The first of ``known`` (players' names) that is another player than ``name`` but looks like
    it, read as typed, in small letters or in capitals (``likenesses``, ``resembles``); None if none."""
    shapes, own = likenesses(name), key(name)
    if not any(shapes):
        return None
    figures = digits(name)
    return next((other for other in known if key(other) != own
                 and not (figures and digits(other) and digits(other) != figures)
                 and any(resembles(mine, theirs) for mine, theirs in zip(shapes, likenesses(other), strict=True))),
                None)


def digits(name: str) -> str:
    """The digits a name is written with: two names that both number their players ("P6a" and
    "P8a", "Table 6" and "Table 8") are other players when their numbers differ, however alike the
    digits look as letters."""
    return "".join(char for char in unicodedata.normalize("NFKC", name) if char.isdecimal())


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
