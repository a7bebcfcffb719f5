"""The rating fold (scorer/web/data/ratings_fold.py): kinds of game from the core's
rulesets, openskill's Plackett-Luce folded over finished matches, the number shown and its
sureness, the forecast, and folding in parts equal to folding at once. Pure: no app, no database."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.core import RULESETS
from scorer.web.data import ratings_fold as rf
from scorer.web.data.ratings_fold import DEFAULT, Entry, Folded, RatedMatch, Rating, chances, fold, shown, sureness

ANN, BOB, CY, DI, ED = 1, 2, 3, 4, 5


def solo(match_id: int, kind: str, *order: int | tuple[int, ...]) -> RatedMatch:
    """A match of players each for themselves, given first to last; a tuple shares a place."""
    entries: list[Entry] = []
    place = 1
    for group in order:
        together = group if isinstance(group, tuple) else (group,)
        entries += [Entry(player, unit=player, place=place) for player in together]
        place += len(together)
    return RatedMatch(match_id, kind, tuple(entries))


def sides(match_id: int, first: tuple[int, int], second: tuple[int, int], tied: bool = False) -> RatedMatch:
    return RatedMatch(match_id, "partners", (
        Entry(first[0], 0, 1), Entry(second[0], 1, 1 if tied else 2), Entry(first[1], 0, 1), Entry(second[1], 1, 1 if tied else 2)))


def wins(kind: str, winner: int, others: tuple[int, ...], times: int) -> list[RatedMatch]:
    return [solo(n, kind, winner, *others) for n in range(1, times + 1)]


# Kinds of game


def test_every_ruleset_has_exactly_one_kind():
    listed = [ruleset_id for kind in rf.KINDS for ruleset_id in rf.rulesets_of(kind)]
    assert sorted(listed) == sorted(RULESETS)
    assert all(rf.kind_of(ruleset_id) in rf.KINDS for ruleset_id in RULESETS)
    assert all(ruleset_id in rf.rulesets_of(rf.kind_of(ruleset_id)) for ruleset_id in RULESETS)


def test_kinds_group_by_players_and_sides():
    assert list(rf.KINDS) == ["two", "three", "four", "partners", "five"]
    assert rf.rulesets_of("two") == ["two-dummy", "two-open"]
    assert rf.rulesets_of("three") == ["classic", "jokerless", "declared", "eighteen", "long"]
    assert rf.rulesets_of("four") == ["four-solo"]
    assert rf.rulesets_of("partners") == ["four-partners"]
    assert rf.rulesets_of("five") == ["five"]
    for kind in rf.KINDS:
        rulesets = [RULESETS[r] for r in rf.rulesets_of(kind)]
        assert len({(r.players, r.has_sides) for r in rulesets}) == 1
    assert rf.KINDS["three"] == "Three players" and rf.KINDS["partners"] == "Four players, partners"


def test_unknown_kind_or_ruleset():
    with pytest.raises(KeyError):
        rf.kind_of("point")
    with pytest.raises(KeyError):
        rf.rulesets_of("six")
    with pytest.raises(ValueError, match="kind"):
        fold([solo(1, "jokerless", ANN, BOB, CY)])


# The number shown, and how sure


def test_a_new_player_shows_1000_and_is_new():
    assert shown(DEFAULT) == 1000 == DEFAULT.shown
    assert Rating(25.0, 25 / 3) == DEFAULT
    assert sureness(DEFAULT) == rf.NEW
    assert rf.POINTS_PER_MU * rf.MODEL.beta == pytest.approx(100)


def test_shown_is_conservative_and_never_negative():
    assert shown(Rating(25.0, 1.0)) > shown(Rating(25.0, 5.0)) > shown(DEFAULT)
    assert shown(Rating(-60.0, 8.0)) == 0


def test_sureness_words_change_as_matches_are_played():
    words = []
    folded = Folded()
    for n in range(1, 121):
        folded = fold([solo(n, "three", (ANN, BOB) if n % 3 == 0 else ANN, *((BOB, CY) if n % 3 else (CY,)))], start=folded)
        words.append(sureness(folded.current[("three", ANN)]))
    assert words[0] == rf.NEW
    assert rf.SETTLING in words and words[-1] == rf.SURE
    # Once settling, never new again; once sure, stays sure while playing on.
    first_settling, first_sure = words.index(rf.SETTLING), words.index(rf.SURE)
    assert 2 <= first_settling < first_sure
    assert set(words[:first_settling]) == {rf.NEW} and set(words[first_sure:]) == {rf.SURE}


# The fold


def test_the_winner_goes_up_and_the_loser_down():
    folded = fold([solo(7, "two", ANN, BOB)])
    up, down = folded.steps
    assert (up.match_id, up.kind, up.player_id, down.player_id) == (7, "two", ANN, BOB)
    assert up.before == down.before == DEFAULT
    assert up.change > 0 > down.change
    assert up.after.shown == 1000 + up.change and down.after.shown == 1000 + down.change
    assert folded.matches_played == {("two", ANN): 1, ("two", BOB): 1}


def test_in_a_five_player_match_places_order_the_changes():
    folded = fold([solo(1, "five", ED, DI, CY, BOB, ANN)])
    change = {step.player_id: step.change for step in folded.steps}
    assert change[ED] > change[DI] > change[CY] > change[BOB] > change[ANN]
    assert change[ED] > 0 > change[ANN]


def test_a_regular_loser_keeps_going_down():
    folded = fold(wins("three", ANN, (BOB, CY), 10))
    cy = [step.change for step in folded.steps if step.player_id == CY]
    ann = [step.change for step in folded.steps if step.player_id == ANN]
    assert len(cy) == len(ann) == 10 and all(c < 0 for c in cy) and all(a > 0 for a in ann)


def test_partners_move_together():
    folded = fold([sides(1, (ANN, CY), (BOB, DI)), sides(2, (ANN, BOB), (CY, DI))])
    first = {step.player_id: step for step in folded.steps if step.match_id == 1}
    assert first[ANN].after == first[CY].after and first[ANN].change == first[CY].change > 0
    assert first[BOB].after == first[DI].after and first[BOB].change == first[DI].change < 0
    # DI lost twice; ANN won twice: the sides of the second match were mixed.
    assert folded.current[("partners", ANN)].mu > folded.current[("partners", CY)].mu
    assert folded.current[("partners", DI)].mu < folded.current[("partners", BOB)].mu
    assert folded.matches_played[("partners", ANN)] == 2


def test_ties_share_and_an_all_tied_match_is_a_draw():
    folded = fold([solo(1, "three", (ANN, BOB), CY)])
    after = {step.player_id: step.after for step in folded.steps}
    assert after[ANN] == after[BOB] and after[ANN].mu > DEFAULT.mu > after[CY].mu
    draw = fold([solo(1, "two", (ANN, BOB))])
    assert [step.after.mu for step in draw.steps] == [DEFAULT.mu, DEFAULT.mu]
    assert all(step.after.sigma < DEFAULT.sigma for step in draw.steps)
    assert draw.matches_played == {("two", ANN): 1, ("two", BOB): 1}
    side_draw = fold([sides(1, (ANN, CY), (BOB, DI), tied=True)])
    assert len({step.after for step in side_draw.steps}) == 1


def test_a_match_with_one_unit_is_skipped():
    folded = fold([RatedMatch(1, "three", (Entry(ANN, 0, 1),)), RatedMatch(2, "partners", (Entry(ANN, 0, 1), Entry(BOB, 0, 1))),
                   RatedMatch(3, "two", ())])
    assert folded.steps == [] and folded.current == {} and folded.matches_played == {}


def test_a_match_that_contradicts_itself_is_refused():
    with pytest.raises(ValueError, match="twice"):
        fold([RatedMatch(1, "two", (Entry(ANN, 0, 1), Entry(ANN, 1, 2)))])
    with pytest.raises(ValueError, match="two places"):
        fold([RatedMatch(1, "partners", (Entry(ANN, 0, 1), Entry(BOB, 0, 2), Entry(CY, 1, 2)))])


def test_ratings_are_separate_per_kind():
    folded = fold([*wins("two", ANN, (BOB,), 3), solo(4, "three", BOB, CY, ANN)])
    assert folded.current[("two", ANN)].mu > DEFAULT.mu > folded.current[("three", ANN)].mu
    assert folded.matches_played[("two", ANN)] == 3 and folded.matches_played[("three", ANN)] == 1
    three = [step for step in folded.steps if step.kind == "three"]
    assert all(step.before == DEFAULT for step in three)


def test_start_is_left_as_it_was():
    first = fold(wins("two", ANN, (BOB,), 2))
    current, played = dict(first.current), dict(first.matches_played)
    second = fold([solo(3, "two", BOB, ANN)], start=first)
    assert first.current == current and first.matches_played == played
    assert [step.match_id for step in second.steps] == [3, 3]
    # Steps go by unit (here the player's id), whoever came first.
    assert [step.player_id for step in second.steps] == [ANN, BOB]
    assert second.steps[1].before == first.current[("two", BOB)] and second.steps[1].change > 0
    assert second.matches_played[("two", ANN)] == 3


KIND_PLAYERS = {"two": 2, "three": 3, "four": 4, "partners": 4, "five": 5}


@st.composite
def matches(draw: st.DrawFn) -> list[RatedMatch]:
    made = []
    for match_id in range(draw(st.integers(0, 12))):
        kind = draw(st.sampled_from(list(rf.KINDS)))
        players = draw(st.permutations(range(1, 8)))[:draw(st.integers(1, KIND_PLAYERS[kind]))]
        units = [n // 2 if kind == "partners" else n for n in range(len(players))]
        places = {unit: draw(st.integers(1, len(players))) for unit in set(units)}
        made.append(RatedMatch(match_id, kind, tuple(Entry(p, u, places[u]) for p, u in zip(players, units))))
    return made


@settings(max_examples=60, deadline=None)
@given(matches(), st.integers(0, 12))
def test_folding_in_two_parts_equals_folding_at_once(played, split):
    split = min(split, len(played))
    whole = fold(played)
    first = fold(played[:split])
    second = fold(played[split:], start=first)
    assert first.steps + second.steps == whole.steps
    assert second.current == whole.current
    assert second.matches_played == whole.matches_played
    assert sum(whole.matches_played.values()) == len(whole.steps)


# The forecast


def test_chances_sum_to_one_and_are_even_between_new_players():
    assert chances("three", [[ANN], [BOB], [CY]], {}) == pytest.approx([1 / 3] * 3)
    assert chances("partners", [[ANN, CY], [BOB, DI]], {}) == pytest.approx([0.5, 0.5])
    assert chances("two", [[ANN]], {}) == [1.0] and chances("two", [], {}) == []


def test_chances_favour_the_player_who_keeps_winning():
    current = fold(wins("three", ANN, (BOB, CY), 6)).current
    odds = chances("three", [[BOB], [ANN], [CY], [ED]], current)
    assert sum(odds) == pytest.approx(1)
    assert odds[1] == max(odds) and odds[1] > 0.4
    assert odds[2] == min(odds)  # CY came last every time; ED is unknown, so counts as new
    # In another kind ANN is nobody yet.
    assert chances("two", [[ANN], [BOB]], current) == pytest.approx([0.5, 0.5])
