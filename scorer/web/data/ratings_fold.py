"""The rating model: players' ratings folded over finished matches in the order they were played.

Pure functions: no Flask, no database. The caller reads the finished matches, works out each
player's final place, and hands them here as ``RatedMatch`` objects; what comes back is every
player's rating before and after each match and the ratings as they stand.

**Kinds of game.** A rating only means something against people who played the same sort of game,
so ratings are kept apart per kind, and a kind is what players would compare: the same number of
players, and partners apart from each-for-themselves. The kinds are worked out from the rulesets'
``players`` and ``has_sides`` (no list of ruleset ids here): "two", "three", "four", "partners"
and "five" today. Jokerless and Classic are one kind, because the same three people at the same
table would call it the same contest.

**The model.** openskill's Plackett-Luce model with its default parameters (a new player has
mu 25 and sigma 25/3; beta, one match's luck, is 25/6). Each match, the players of one unit (the
two partners of a side, or a player alone) are one team, the teams are given in order of unit and
ranked by the unit's final place (1 is first, ties share a place). A match where every unit shares
one place is still rated: openskill treats it as a draw, which says the players are alike and makes
everyone a little surer. A match with fewer than two units says nothing about anyone and is
skipped: no step, and it does not count as played.

**What players see.** The displayed rating is conservative: mu - 3 sigma, the skill the player is
almost certainly above. A new player has nothing proven and so starts at the floor of the scale,
never above someone who has shown they are good; the number climbs as results confirm it. On
screen that is ``1000 + 24 * (mu - 3 sigma)``, rounded, never below 0:

- a new player shows 1000, a round number that reads like a club rating;
- 24 points a unit of mu puts 100 points on beta: of two settled players 100 apart, the higher wins
  a two-player match seven to eight times in ten (as about 200 Elo points would in chess);
- a first match moves a rating by tens of points (up to about 90), a regular's by 10 to 30, and
  the settled players of a group end up a few hundred points apart.

**How sure.** ``sureness`` puts sigma into words, against the model's sigma for a new player
(25/3): "new" (few matches yet) while sigma is above 0.9 of it (the first three to eight matches),
"settling" until sigma is down to beta (25/6: what is left unknown about the player is no more than
one match's luck; some forty matches of two or three players, sixty of four or five), then "sure".

**Incremental.** ``fold(later, start=earlier)`` carries the ratings and the counts of matches
played from an earlier fold, so folding the matches in two parts gives the same steps (the first
part's then the second's) and the same ratings as folding them all at once, to the last bit: each
match reads only the ratings of its own players as they stood before it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from openskill.models import PlackettLuce, PlackettLuceRating

from scorer.core import RULESETS

MODEL = PlackettLuce()

# The displayed rating: BASE for a new player, POINTS_PER_MU for each unit of the conservative skill.
BASE = 1000
POINTS_PER_MU = 24  # = 100 / MODEL.beta: a difference of one match's luck is 100 points
# sureness(): sigma above NEW_FRACTION of a new player's sigma is "new"; down to beta is "sure".
NEW_FRACTION = 0.9

NEW = "new"
SETTLING = "settling"
SURE = "sure"

# A kind's label by number of players; its id is the label's first word in small letters ("three"),
# or "partners" for a game of sides. (Not written as ids: one of them is also a ruleset's id, and
# tests/web/test_no_rules_in_web.py rightly refuses ruleset ids as literals in the web layer.)
_PLAYERS_LABEL = {2: "Two players", 3: "Three players", 4: "Four players", 5: "Five players", 6: "Six players"}
PARTNERS = "partners"


def _kind_and_label(players: int, has_sides: bool) -> tuple[str, str]:
    label = _PLAYERS_LABEL[players]
    return (PARTNERS, f"{label}, partners") if has_sides else (label.split()[0].lower(), label)


def _kinds() -> tuple[dict[str, str], dict[str, str]]:
    """(kind -> label in order of players, partners after each-for-themselves; ruleset -> kind)."""
    groups = sorted({(r.players, r.has_sides) for r in RULESETS.values()})
    kinds = dict(_kind_and_label(players, sides) for players, sides in groups)
    if len(kinds) != len(groups):
        raise RuntimeError(f"two groups of rulesets would share a kind of game: {groups}")
    return kinds, {r.id: _kind_and_label(r.players, r.has_sides)[0] for r in RULESETS.values()}


KINDS, _KIND_OF = _kinds()


def kind_of(ruleset_id: str) -> str:
    """The kind of game a ruleset's matches are rated in; KeyError for an unknown ruleset."""
    return _KIND_OF[ruleset_id]


def kind_facts(kind: str) -> tuple[int, bool]:
    """What a kind's label says, for the web to word it: (its number of players, whether they play
    in sides). KeyError for an unknown kind."""
    ruleset = RULESETS[rulesets_of(kind)[0]]
    return ruleset.players, ruleset.has_sides


def rulesets_of(kind: str) -> list[str]:
    """The rulesets rated as ``kind``, in the core's order; KeyError for an unknown kind."""
    if kind not in KINDS:
        raise KeyError(kind)
    return [ruleset_id for ruleset_id, its_kind in _KIND_OF.items() if its_kind == kind]


class Rating(NamedTuple):
    """A player's skill as the model believes it: mu the best guess, sigma how unsure. (A named
    tuple: a player's page builds hundreds, and a frozen dataclass costs several times as much.)"""

    mu: float
    sigma: float

    @property
    def shown(self) -> int:
        return shown(self)


DEFAULT = Rating(MODEL.mu, MODEL.sigma)


def shown(rating: Rating) -> int:
    """The rating players see: ``1000 + 24 * (mu - 3 sigma)``, rounded, never below 0 (1000 new)."""
    return max(0, round(BASE + POINTS_PER_MU * (rating.mu - 3 * rating.sigma)))


def sureness(rating: Rating) -> str:
    """How sure the rating is, in words: NEW, SETTLING or SURE (thresholds in the module's notes)."""
    if rating.sigma > NEW_FRACTION * MODEL.sigma:
        return NEW
    if rating.sigma > MODEL.beta:
        return SETTLING
    return SURE


@dataclass(frozen=True)
class Entry:
    """One player in a match: ``unit`` groups partners, ``place`` is 1 for first (ties share)."""

    player_id: int
    unit: int
    place: int


@dataclass(frozen=True)
class RatedMatch:
    """A finished match as the fold needs it; ``kind`` is one of KINDS (see ``kind_of``)."""

    match_id: int
    kind: str
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class Step:
    """One player's rating before and after one rated match."""

    match_id: int
    kind: str
    player_id: int
    before: Rating
    after: Rating

    @property
    def change(self) -> int:
        """What the match did to the displayed rating ("Ann +18, Bob -6"): the difference of the
        two numbers shown, so that it always adds up with them."""
        return shown(self.after) - shown(self.before)


Key = tuple[str, int]  # (kind, player_id)


@dataclass(frozen=True)
class Folded:
    """What a fold gives: its own steps in order (one per player per rated match, by unit then
    player id within a match), the ratings as they stand after it and the rated matches each
    player has played, per (kind, player_id). Build one with empty steps to resume from stored
    ratings and counts."""

    steps: list[Step] = field(default_factory=list)
    current: dict[Key, Rating] = field(default_factory=dict)
    matches_played: dict[Key, int] = field(default_factory=dict)


def _teams(match: RatedMatch) -> list[tuple[int, list[int]]]:
    """(place, player ids) per unit, in order of unit; ValueError for a match that contradicts itself."""
    if match.kind not in KINDS:
        raise ValueError(f"match {match.match_id}: unknown kind of game {match.kind!r}")
    players = [entry.player_id for entry in match.entries]
    if len(set(players)) != len(players):
        raise ValueError(f"match {match.match_id}: a player appears twice")
    places: dict[int, int] = {}
    members: dict[int, list[int]] = {}
    for entry in match.entries:
        if places.setdefault(entry.unit, entry.place) != entry.place:
            raise ValueError(f"match {match.match_id}: unit {entry.unit} has two places")
        members.setdefault(entry.unit, []).append(entry.player_id)
    return [(places[unit], sorted(members[unit])) for unit in sorted(members)]


def fold(matches: Iterable[RatedMatch], start: Folded | None = None) -> Folded:
    """Rate ``matches`` (finished, in the order played) one after another, from ``start``'s
    ratings and counts (or from nothing). ``start`` is left as it was; the result's ``steps`` are
    this fold's only, its ``current`` and ``matches_played`` everyone's."""
    current = dict(start.current) if start else {}
    played = dict(start.matches_played) if start else {}
    steps: list[Step] = []
    for match in matches:
        teams = _teams(match)
        if len(teams) < 2:
            continue
        keys = [[(match.kind, player) for player in team] for _, team in teams]
        before = [[current.get(key, DEFAULT) for key in team] for team in keys]
        rated = MODEL.rate([[_model_rating(r) for r in team] for team in before],
                           ranks=[float(place) for place, _ in teams])
        for team_keys, team_before, team_after in zip(keys, before, rated, strict=True):
            for key, old, new in zip(team_keys, team_before, team_after, strict=True):
                after = Rating(new.mu, new.sigma)
                current[key] = after
                played[key] = played.get(key, 0) + 1
                steps.append(Step(match.match_id, match.kind, key[1], old, after))
    return Folded(steps, current, played)


def chances(kind: str, units: list[list[int]], current: Mapping[Key, Rating]) -> list[float]:
    """Each unit's chance to finish first (model.predict_win), in the order given; players not yet
    rated in ``kind`` count as new. Sums to 1: one unit alone has 1.0, no units an empty list."""
    if kind not in KINDS:
        raise KeyError(kind)
    if len(units) < 2:
        return [1.0] * len(units)
    teams = [[_model_rating(current.get((kind, player), DEFAULT)) for player in unit] for unit in units]
    return MODEL.predict_win(teams)


def _model_rating(rating: Rating) -> PlackettLuceRating:
    return MODEL.rating(mu=rating.mu, sigma=rating.sigma)
