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
  with the Greek and Cyrillic letters that look like Latin ones replaced by
  those (``CONFUSABLES``, a small table after Unicode's confusables.txt), so "Ѕаmе" (all Cyrillic)
  beside "Same" is refused too.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

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
REFUSED_CATEGORIES = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Cn": "an unassigned code point",
    "Co": "a private-use character",
    "Cs": "a lone surrogate",
}
SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")

# Greek and Cyrillic letters (after casefolding) that look like Latin ones.
CONFUSABLES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "і": "i", "ї": "i", "ј": "j", "к": "k", "ӏ": "l",
    "м": "m", "н": "h", "о": "o", "р": "p", "ԛ": "q", "ѕ": "s", "т": "t", "у": "y", "ѵ": "v", "ԝ": "w",
    "х": "x", "ү": "y", "с": "c", "ԁ": "d", "ɡ": "g", "ո": "n", "п": "n", "г": "r",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
    "υ": "u", "χ": "x", "γ": "y", "ω": "w", "ϲ": "c", "ϳ": "j", "μ": "u", "σ": "o", "ζ": "z",
})


class NameProblem(ValueError):
    """Why a name cannot be used; the message is meant for the person who typed it."""


def describe(char: str) -> str:
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}{' ' + name if name else ''}"


def tidy(text: str) -> str:
    """NFKC with spaces tidied: the stored form of a name already found acceptable."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def clean(text: str, what: str = "A name", limit: int = NAME_LENGTH) -> str:
    """The name as stored: NFKC, spaces tidied; ``NameProblem`` says what is wrong with it."""
    name = tidy(text)
    for char in name:
        category = unicodedata.category(char)
        if category in REFUSED_CATEGORIES or ord(char) in INVISIBLE:
            kind = REFUSED_CATEGORIES.get(category, "a character that shows nothing")
            raise NameProblem(f"{what} cannot hold {kind} ({describe(char)}): type it with visible letters only.")
    if not name:
        raise NameProblem(f"{what} needs at least one letter you can see.")
    if unicodedata.category(name[0]).startswith("M"):
        raise NameProblem(f"{what} cannot start with a mark on its own ({describe(name[0])}).")
    if len(name) > limit:
        raise NameProblem(f"{what} is longer than {limit} characters.")
    scripts = sorted({script for char in name if char.isalpha()
                      for script in SCRIPTS if unicodedata.name(char, "").startswith(script + " ")})
    if len(scripts) > 1:
        raise NameProblem(f"{what} mixes {' and '.join(s.title() for s in scripts)} letters, which can look "
                          "alike: type it in one alphabet.")
    return name


def key(name: str) -> str:
    """The form of a name that identifies a player: NFKC_Casefold of its tidied spaces."""
    return unicodedata.normalize("NFKC", tidy(name).casefold())


def skeleton(name: str) -> str:
    """What a name looks like: its key with lookalike letters made Latin (accents are kept:
    "Zoë" and "Zoe" can be told apart)."""
    return key(name).translate(CONFUSABLES)


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


def short(name: str, limit: int = SHORT_NAME) -> str:
    """A name as a message quotes it: whole up to ``limit`` letters, else cut with an ellipsis
    ("Bartholomew-Maximilian…"). The box or the table beside the message shows it in full."""
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"
