"""Every problem the core raises carries a code of ``PROBLEMS`` and the facts that code names, and
its English line stays what the command line prints (MATCH-FORMAT.md "Errors")."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from test_errors import DEAL_ERRORS, HEADER_ERRORS, make_doc

from scorer.core import PROBLEMS, MatchError, Problem, parse_card, parse_trump, score_document

CORE = Path(__file__).resolve().parents[2] / "scorer" / "core"
KEBAB = re.compile(r"[a-z]+(?:-[a-z]+)*")


def codes_in_the_source() -> dict[str, list[str]]:
    """Every ``code="..."`` the core's source passes, and where."""
    found: dict[str, list[str]] = {}
    for path in sorted(CORE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "code" and isinstance(node.value, ast.Constant):
                found.setdefault(node.value.value, []).append(f"{path.name}:{node.value.lineno}")
    return found


def test_every_code_raised_is_in_the_registry_and_every_registered_code_is_raised():
    raised = codes_in_the_source()
    assert sorted(set(raised) - set(PROBLEMS)) == [], "codes raised but not in errors.PROBLEMS"
    # A code passed on from a card's or a trump's own problem (err.code) is raised as well.
    passed_on = {"not-a-card", "not-a-trump"}
    assert sorted(set(PROBLEMS) - set(raised) - passed_on) == [], "codes in errors.PROBLEMS that nothing raises"
    assert passed_on <= set(raised)


def test_codes_are_kebab_case_and_facts_are_named():
    for code, facts in PROBLEMS.items():
        assert KEBAB.fullmatch(code), code
        assert all(re.fullmatch(r"[a-z_]+", fact) for fact in facts), (code, facts)


def test_a_problem_refuses_an_unknown_code_or_facts_other_than_its_own():
    with pytest.raises(TypeError):
        Problem("x", code="no-such-code")
    with pytest.raises(TypeError):
        Problem("x", code="tricks-total", facts={"total": 8})
    problem = Problem("tricks add up to 8, a deal of this ruleset has 9", code="tricks-total",
                      facts={"total": 8, "tricks": 9})
    assert str(problem) == problem.message and problem.facts == {"total": 8, "tricks": 9}


def test_the_cards_own_problems_carry_their_code():
    with pytest.raises(Problem) as card:
        parse_card("ZZ")
    assert (card.value.code, dict(card.value.facts), str(card.value)) == ("not-a-card", {"value": "ZZ"}, "'ZZ' is not a card")
    assert isinstance(card.value, ValueError)
    with pytest.raises(Problem) as trump:
        parse_trump("stars")
    assert trump.value.code == "not-a-trump" and trump.value.facts == {"value": "stars"}


def test_a_deal_s_problem_states_its_figures():
    with pytest.raises(MatchError) as info:
        score_document(make_doc("four-solo", {"tricks": [3, 3, 2, 1]}))
    error = info.value
    assert (error.code, dict(error.facts), error.labelled) == ("tricks-total", {"total": 9, "tricks": 10}, False)
    assert str(error) == "deal 3: tricks add up to 9, a deal of this ruleset has 10"
    with pytest.raises(MatchError) as info:
        score_document(make_doc("classic", {"tricks": [3, "3", 3]}))
    assert (info.value.code, dict(info.value.facts), info.value.labelled) == (
        "tricks-out-of-range", {"seat": 1, "most": 9, "value": "3"}, True)
    assert info.value.message == "tricks: Bob's tricks must be a whole number from 0 to 9, not '3'"


@pytest.mark.parametrize("case", DEAL_ERRORS, ids=[c[0] for c in DEAL_ERRORS])
def test_every_bad_deal_s_problems_carry_a_registered_code(case):
    _, ruleset, options, third, _, _ = case
    with pytest.raises(MatchError) as info:
        score_document(make_doc(ruleset, third, options))
    for problem in info.value.every():
        assert problem.code in PROBLEMS and sorted(problem.facts) == sorted(PROBLEMS[problem.code])


@pytest.mark.parametrize("case", HEADER_ERRORS, ids=[c[0] for c in HEADER_ERRORS])
def test_every_bad_header_s_problem_carries_a_registered_code(case):
    _, change, _ = case
    doc = make_doc("jokerless", {})
    for key, value in change.items():
        if value is None:
            del doc[key]
        else:
            doc[key] = value
    with pytest.raises(MatchError) as info:
        score_document(doc)
    assert info.value.code in PROBLEMS and info.value.labelled
