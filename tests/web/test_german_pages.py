"""Every page in German holds no English (issue 28): the walk of ``test_get_never_writes`` opens
every GET route of the app, with matches in each cards mode at their start, in the middle and
finished, a duplicate deal set and a deleted match, once with a German phone; each HTML page's
words (its text, and the words of its aria-label, title, placeholder and alt) are read, the names
kept in every language taken out (players, variants, the brand), and no English word may be left.

English is told by the first four words of every English sentence of the catalog, and by words
German never uses (``ENGLISH``): "the", "and", "match", "deal", …. A
string left out of gettext, or wrapped but not translated, shows as one of them on some page; and
no two parts of a sentence meet without their space ("schwarz-weiß.Für", "21:09· 2 Runden").
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.pofile import read_po
from flask.testing import FlaskClient
from test_get_never_writes import THREE, fill, urls
from webhelpers import start_match

from scorer.core.rulesets import RULESETS

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
PLAYERS = ["Gus", "Hal", "Ivy", "Jo", "Kit"]
# Words that are English and never German: the common small words, and the game's own words.
ENGLISH_WORDS = """
the and with of is are this that these those your you from has have were which who when where there
their they them its it's can't cannot won't don't doesn't isn't should would could been being into
than then what why how about after before until while since only just every each other
match matches deal deals dealt dealing dealer player players trick tricks bid bids bidding score
scores scored game games table tables save saved delete deleted undo restore restored edit edited
back open opened show shows hide keep kept still none one two three four five six seven eight nine
ten more most less first last next previous page pages home history sheet sheets print printed
ladder rating ratings rated rules rule settings share shared join joined leave left right new old
yes please choose chosen pick enter entered add added remove removed change changed changes
played playing play win won lose lost wins losses points point premium premiums trump trumps
dummy hands cards card turn turned declared declare reveal revealed watch watcher watchers
night organiser keeper keepers phone phones screen big set sets copy download
"""
ENGLISH = frozenset(ENGLISH_WORDS.split())
# Kept as they are: the brand, the players' and the deal set's names (the walk's own), the variants.
KEPT = ["Ninety-Nine", *THREE, *PLAYERS, "Dee", "Eve", "Fay", "Club night", *(ruleset.name for ruleset in RULESETS.values())]
# data-closed/data-open: the words a <details> shows after its summary (CSS content: attr(...)).
READ_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt", "data-closed", "data-open")


class Words(HTMLParser):
    """The words a person reads on a page (or hears from a screen reader)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "code"):  # code: a command line, the same in every language
            self.skip += 1
        for name, value in attrs:
            if name in READ_ATTRIBUTES and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "code") and self.skip:
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip and data.strip():
            self.parts.append(data.strip())


GLUED = re.compile(r"[^\s(]·|·[^\s)]|[a-zäöüß]{2}[.:][A-ZÄÖÜ]")  # "21:09· 2 Runden", "schwarz-weiß.Für"


def glued_in(html: str) -> list[str]:
    """Each piece of a page's text where two parts met without their space (a block tag at a
    line's end takes the line's end with it)."""
    reader = Words()
    reader.feed(html)
    return [part for part in reader.parts if GLUED.search(part)]


def english_in(html: str) -> list[str]:
    """Each piece of a page's text with an English word in it."""
    reader = Words()
    reader.feed(html)
    found = []
    for part in reader.parts:
        text = re.sub(r"https?://\S+", " ", part)
        for name in sorted(KEPT, key=len, reverse=True):
            text = text.replace(name, " ")
        if any(word.lower() in ENGLISH for word in re.findall(r"[A-Za-z][A-Za-z']*", text)):
            found.append(part)
    return found


def test_the_detector_sees_english() -> None:
    assert english_in("<p>Runde <b>speichern</b></p><button title='Partie löschen'>×</button>") == []
    assert english_in("<p>Runde speichern</p><p>Save the deal</p>") == ["Save the deal"]
    assert english_in('<input placeholder="Player name">') == ["Player name"]
    assert english_in("<p>Ann, Bob und Cy spielen Two with dummy</p>") == []  # names kept in every language
    sentences = english_sentences()  # a sentence of the English catalog, seen by its first four words
    assert len(sentences) > 300 and shingles("<p>Oh: This match was deleted. It can …</p>") & sentences.keys()
    assert glued_in("<p>schwarz-weiß.Für ein PDF</p><p>21:09· 2 Runden</p><p>Ann · Bob (·)</p>") == [
        "schwarz-weiß.Für ein PDF", "21:09· 2 Runden"]


def variants(client: FlaskClient) -> None:
    """A match of every variant, one deal played where the form allows a plain one."""
    for ruleset in RULESETS.values():
        start_match(client, PLAYERS[:ruleset.players], ruleset.id)


CATALOG = Path(__file__).resolve().parents[2] / "scorer" / "translations" / "de" / "LC_MESSAGES" / "messages.po"
WORD = re.compile(r"[^\W\d_][\w’']*")


def shingles(text: str, size: int = 4) -> set[tuple[str, ...]]:
    words = [word.lower() for word in WORD.findall(text)]
    return {tuple(words[i:i + size]) for i in range(len(words) - size + 1)}


def english_sentences() -> dict[tuple[str, ...], str]:
    """The first four words of each English sentence of the catalog whose German differs (and has
    no placeholder among them), to the sentence."""
    with CATALOG.open("rb") as po:
        catalog = read_po(po)
    found = {}
    for message in catalog:
        if not message.id or not isinstance(message.id, str) or message.string == message.id:
            continue
        head = message.id.split("%(")[0].split("{")[0].split("<")[0]
        words = [word.lower() for word in WORD.findall(head)]
        if len(words) >= 4:
            found[tuple(words[:4])] = message.id
    return found


def test_no_page_in_german_holds_english(app, client: FlaskClient) -> None:
    client.post("/language", data={"lang": "de", "next": "/"})  # the flashes too, from the saves below
    fill(client)
    variants(client)
    left: dict[str, list[str]] = {}
    sentences = english_sentences()
    walked = 0
    for endpoint, address in urls(app):
        response = client.get(address, headers=GERMAN)
        response.close()
        if response.status_code >= 300 or response.mimetype != "text/html":
            continue
        walked += 1
        found = english_in(response.text) + glued_in(response.text)
        reader = Words()
        reader.feed(response.text)
        found += [sentences[head] for head in shingles(" ".join(reader.parts)) & sentences.keys()]
        if found:
            left.setdefault(endpoint, [])
            left[endpoint].extend(part for part in found if part not in left[endpoint])
    # The error pages, and a form sent back with its messages.
    for address in ("/matches/99999", "/nothing-here", "/matches/1/deals/99", "/stats/players/99999"):
        answer = client.get(address, headers=GERMAN)
        assert answer.status_code == 404
        left.update({f"{address} ({answer.status_code})": found} if (found := english_in(answer.text)) else {})
    answer = client.post("/matches/new", data={"players-0": "Ann", "players-1": "Ann"}, headers=GERMAN)
    assert answer.status_code == 422
    left.update({"a refused new match (422)": found} if (found := english_in(answer.text)) else {})
    assert walked > 100
    assert left == {}, "English on German pages:\n" + "\n".join(
        f"{endpoint}: {' | '.join(parts[:40])}" for endpoint, parts in sorted(left.items()))


def test_no_stylesheet_writes_words() -> None:
    """Words a stylesheet writes (``content: "Change"``) are in no catalog: a page's words come from
    its markup (``content: attr(data-closed)``), where the catalog words them."""
    static = Path(__file__).resolve().parents[2] / "static"
    written = [f"{sheet.name}: {found}" for sheet in sorted(static.glob("*.css"))
               for found in re.findall(r"content:\s*[\"'][^\"']*[A-Za-z]{2}[^\"']*[\"']", sheet.read_text())]
    assert written == []
