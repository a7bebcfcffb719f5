"""ScoreMemo answers exactly what score() answers, however a document changes between calls: a
deal added (a save), the same document again (the page after a save), a deal changed or taken
away (an edit, a deletion), a deal broken (a refused form), another match in between."""

from __future__ import annotations

import copy
import random
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.core import RULESETS, MatchError, score
from scorer.core.memo import ScoreMemo, fingerprints
from scorer.core.samples import random_document


def answer(scorer, doc):
    """What scoring says: the score and the checked record, or the error's every field."""
    try:
        record, scored = scorer(copy.deepcopy(doc))
    except MatchError as error:
        return ("error", str(error), error.field, error.deal, error.seat)
    return ("scored", record, scored)


def same_as_score(memo: ScoreMemo, doc) -> None:
    assert answer(memo.score, doc) == answer(score, doc)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), ruleset=st.sampled_from(sorted(RULESETS)))
def test_deal_by_deal_as_a_match_is_recorded(seed: int, ruleset: str) -> None:
    rng = random.Random(seed)
    doc = random_document(rng, ruleset, max_deals=14, unfinished=0)
    memo = ScoreMemo()
    for count in range(len(doc["deals"]) + 1):
        same_as_score(memo, {**doc, "deals": doc["deals"][:count]})
        same_as_score(memo, {**doc, "deals": doc["deals"][:count]})  # the scoreboard after the save
    assert memo.hits >= len(doc["deals"]) * (len(doc["deals"]) - 1) // 2  # every earlier deal was reused


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), ruleset=st.sampled_from(sorted(RULESETS)), data=st.data())
def test_edits_deletions_and_broken_deals(seed: int, ruleset: str, data: st.DataObject) -> None:
    rng = random.Random(seed)
    doc = random_document(rng, ruleset, max_deals=12, unfinished=0)
    other = random_document(rng, ruleset, max_deals=12, unfinished=0)
    deals = doc["deals"]
    memo = ScoreMemo()
    same_as_score(memo, doc)
    same_as_score(memo, other)  # another match in between
    if not deals:
        return
    at = data.draw(st.integers(0, len(deals) - 1))
    # An edit: another deal's figures in place of deal ``at`` (valid or not), then the match again.
    changed = {**doc, "deals": [*deals[:at], other["deals"][at % max(len(other["deals"]), 1)] if other["deals"]
                                else deals[at], *deals[at + 1:]]}
    same_as_score(memo, changed)
    same_as_score(memo, doc)
    # A deletion: the deals after ``at`` taken away.
    same_as_score(memo, {**doc, "deals": deals[:at]})
    # Broken deals, after the valid prefix: every kind of wrong value the core names.
    broken = data.draw(st.sampled_from([
        {"bids": [99] * len(deals[at]["bids"]), "tricks": deals[at]["tricks"]},
        {"bids": deals[at]["bids"], "tricks": [0] * len(deals[at]["tricks"])},
        {"bids": deals[at]["bids"]},
        "not a deal",
        {**deals[at], "trump": "stars"},
        {**deals[at], "tricks": [1.0] + list(deals[at]["tricks"][1:])},
        {**deals[at], "tricks": [True] + list(deals[at]["tricks"][1:])},
    ]))
    same_as_score(memo, {**doc, "deals": [*deals[:at], broken]})
    same_as_score(memo, {**doc, "deals": [*deals[:at], broken, *deals[at + 1:]]})
    # A deal added after a match that is over, and a header that changed under the same deals.
    same_as_score(memo, {**doc, "deals": [*deals, deals[-1]]})
    same_as_score(memo, {**doc, "first_dealer": (doc["first_dealer"] + 1) % len(doc["players"])})
    same_as_score(memo, {**doc, "players": list(reversed(doc["players"]))})
    same_as_score(memo, {key: value for key, value in doc.items() if key != "first_dealer"})


def test_fingerprints_tell_apart_what_scoring_tells_apart() -> None:
    doc = {"ruleset": "classic", "players": ["A", "B", "C"], "deals": []}
    one, one_float, one_true, one_text = ({"bids": [v], "tricks": [1]} for v in (1, 1.0, True, "1"))
    prints = {fingerprints(doc, [deal])[1] for deal in (one, one_float, one_true, one_text)}
    assert len(prints) == 4
    # A missing header key and a null one are different documents to parse_match.
    assert fingerprints(doc, [])[0] != fingerprints({**doc, "first_dealer": None}, [])[0]
    # Where one deal ends and the next begins is part of the fingerprint.
    assert fingerprints(doc, ["ab", "c"])[2] != fingerprints(doc, ["a", "bc"])[2]


def test_not_a_document() -> None:
    memo = ScoreMemo()
    for doc in ([], "x", {"ruleset": "classic", "players": ["A", "B", "C"], "deals": "none"}, {}):
        same_as_score(memo, doc)


def test_memory_is_bounded() -> None:
    rng = random.Random(7)
    memo = ScoreMemo(size=3)
    docs = [random_document(rng, "classic", max_deals=4, unfinished=0) for _ in range(6)]
    for doc in docs:
        memo.score(doc)
    assert len(memo._kept) == 3
    before = memo.hits
    memo.score(docs[0])  # forgotten: scored from the start
    assert memo.hits == before
    memo.score(docs[-1])  # kept: nothing scored again
    assert memo.hits == before + len(docs[-1]["deals"])


def test_threads_share_one_memo() -> None:
    rng = random.Random(11)
    docs = [random_document(rng, name, max_deals=10, unfinished=0) for name in sorted(RULESETS)]
    expected = [score(doc)[1] for doc in docs]
    memo = ScoreMemo(size=4)  # smaller than the documents: entries come and go while threads read
    wrong: list[str] = []

    def work(offset: int) -> None:
        for round_ in range(30):
            index = (offset + round_) % len(docs)
            doc = docs[index]
            for count in (len(doc["deals"]) - 1, len(doc["deals"])):
                if count < 0:
                    continue
                got = memo.score({**doc, "deals": doc["deals"][:count]})[1]
                if count == len(doc["deals"]) and got != expected[index]:
                    wrong.append(doc["ruleset"])

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not wrong


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_document_is_not_changed(ruleset: str) -> None:
    doc = random_document(random.Random(3), ruleset, max_deals=6, unfinished=0)
    kept = copy.deepcopy(doc)
    memo = ScoreMemo()
    memo.score(doc)
    memo.score({**doc, "deals": [*doc["deals"], doc["deals"][0]]} if doc["deals"] else doc)
    assert doc == kept
