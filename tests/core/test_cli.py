"""The command line: `python -m scorer score FILE|-` and `python -m scorer deal RULESET`.

MATCH-FORMAT.md is the contract: field names, the example document, exit status 2 with one line
on standard error naming the deal and the field, nothing on standard output, never a traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from scorer.core import deal_cards

ROOT = Path(__file__).resolve().parents[2]

# The example document of MATCH-FORMAT.md, verbatim.
EXAMPLE = {
    "format": "ninety-nine/1",
    "ruleset": "jokerless",
    "options": {"first_trump": "diamonds", "match": "hundred", "games_to_win": 3},
    "players": ["Ann", "Bob", "Cy"],
    "first_dealer": 0,
    "deals": [
        {"bids": [4, ["D", "S", "C"], None], "tricks": [4, 2, 3],
         "premiums": [{"seat": 0, "kind": "declare"}]}
    ],
}
# Worked by hand from RULES.md:
#   first deal of jokerless: trump diamonds; dealer 0, dealer's left (seat 1) leads.
#   bids: 4; D+S+C = 0+1+3 = 4; hidden.  made: 4 of 4 yes; 2 of 4 no; hidden no.  k = 1.
#   seat 0: 4 tricks + 30 (sole success) + 30 (declare made) = 64; seat 1: 2; seat 2: 3.
#   next: dealer 1, leader 2, trump by successes k=1 -> spades.
EXPECTED_DEAL = {
    "game": 1, "number": 1, "dealer": 0, "leader": 1, "trump": "diamonds",
    "bids": [4, 4, None], "made": [True, False, False], "points": [64, 2, 3],
    "breakdown": [{"tricks": 4, "contract": 30, "premium": 30},
                  {"tricks": 2, "contract": 0, "premium": 0},
                  {"tricks": 3, "contract": 0, "premium": 0}],
    "totals": [64, 2, 3],
}


def run(args, stdin=None, env_extra=None):
    env = dict(os.environ)
    env.pop("PYTHONSTARTUP", None)
    if env_extra:
        env.update(env_extra)
    return subprocess.run([sys.executable, *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=60)


def check_example_output(out):
    assert {k: v for k, v in out.items() if k != "scored"} == EXAMPLE
    scored = out["scored"]
    for key in ("deals", "games", "grand_totals", "games_won", "next", "finished", "winners"):
        assert key in scored, key
    assert len(scored["deals"]) == 1
    sd = scored["deals"][0]
    for key, value in EXPECTED_DEAL.items():
        if key == "breakdown":
            assert [{k: b[k] for k in ("tricks", "contract", "premium")} for b in sd[key]] == value
        else:
            assert sd[key] == value, key
    assert len(scored["games"]) == 1
    game = scored["games"][0]
    assert {k: game[k] for k in ("number", "totals", "bonus", "winners")} == \
        {"number": 1, "totals": [64, 2, 3], "bonus": [0, 0, 0], "winners": []}
    assert scored["grand_totals"] == [64, 2, 3]
    assert scored["games_won"] == [0, 0, 0]
    assert {k: scored["next"][k] for k in ("game", "number", "dealer", "leader", "trump")} == \
        {"game": 1, "number": 2, "dealer": 1, "leader": 2, "trump": "spades"}
    assert scored["finished"] is False
    assert scored["winners"] == []


# ---------------------------------------------------------------------------------- score

def test_score_file(tmp_path):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    proc = run(["-m", "scorer", "score", str(path)])
    assert proc.returncode == 0, proc.stderr
    check_example_output(json.loads(proc.stdout))


def test_score_stdin():
    proc = run(["-m", "scorer", "score", "-"], stdin=json.dumps(EXAMPLE))
    assert proc.returncode == 0, proc.stderr
    check_example_output(json.loads(proc.stdout))


def test_score_file_with_symbols_is_read_as_utf8(tmp_path):
    doc = json.loads(json.dumps(EXAMPLE))
    doc["deals"][0]["bids"][1] = ["♦", "♠", "♣"]
    path = tmp_path / "match.json"
    path.write_bytes(json.dumps(doc, ensure_ascii=False).encode("utf-8"))
    proc = run(["-m", "scorer", "score", str(path)], env_extra={"LC_ALL": "C", "LANG": "C"})
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["scored"]["deals"][0]["points"] == [64, 2, 3]
    assert out["scored"]["deals"][0]["bids"] == [4, 4, None]


def test_rescoring_the_output_gives_the_same_scored(tmp_path):
    first = run(["-m", "scorer", "score", "-"], stdin=json.dumps(EXAMPLE))
    second = run(["-m", "scorer", "score", "-"], stdin=first.stdout)
    assert second.returncode == 0, second.stderr
    assert json.loads(second.stdout)["scored"] == json.loads(first.stdout)["scored"]


def _bad(doc_text, tmp_path, via_stdin):
    if via_stdin:
        return run(["-m", "scorer", "score", "-"], stdin=doc_text)
    path = tmp_path / "bad.json"
    path.write_text(doc_text, encoding="utf-8")
    return run(["-m", "scorer", "score", str(path)])


def _with(change):
    doc = json.loads(json.dumps(EXAMPLE))
    change(doc)
    return json.dumps(doc)


def _tricks_off(doc):
    doc["deals"].append({"bids": [None, None, None], "tricks": [3, 3, 3]})
    doc["deals"].append({"bids": [None, None, None], "tricks": [3, 3, 2]})


def _bid_out_of_range(doc):
    doc["deals"][0]["bids"][0] = 10


def _two_premiums(doc):
    doc["deals"][0]["bids"][2] = 3
    doc["deals"][0]["premiums"].append({"seat": 2, "kind": "reveal"})


def _hidden_declarer(doc):
    doc["deals"][0]["bids"][0] = None


def _two_cards(doc):
    doc["deals"][0]["bids"][1] = ["D", "S"]


def _unknown_ruleset(doc):
    doc["ruleset"] = "ninety-ten"


def _after_the_end(doc):
    doc["options"] = {"match": "deals", "deals": 1}
    doc["deals"].append({"bids": [None, None, None], "tricks": [3, 3, 3]})


# (id, document text, expected stderr: exact line, or a prefix ending in "...")
BAD = [
    ("not-json", lambda: "{this is not json", None),
    ("not-an-object", lambda: "[1, 2, 3]", None),
    ("empty", lambda: "", None),
    ("tricks-do-not-add-up", lambda: _with(_tricks_off),
     "deal 3: tricks add up to 8, a deal of this ruleset has 9"),
    ("bid-out-of-range", lambda: _with(_bid_out_of_range), "deal 1: bids..."),
    ("two-premiums", lambda: _with(_two_premiums), "deal 1: premiums..."),
    ("hidden-declarer", lambda: _with(_hidden_declarer), "deal 1: bids..."),
    ("two-bid-cards", lambda: _with(_two_cards), "deal 1: bids..."),
    ("unknown-ruleset", lambda: _with(_unknown_ruleset), "ruleset: ..."),
    ("deal-after-the-end", lambda: _with(_after_the_end), "deal 2: ..."),
]


@pytest.mark.parametrize("via_stdin", [False, True], ids=["file", "stdin"])
@pytest.mark.parametrize("case", BAD, ids=[c[0] for c in BAD])
def test_bad_document(case, via_stdin, tmp_path):
    _, text, expected = case
    proc = _bad(text(), tmp_path, via_stdin)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].strip() != ""
    if expected is not None:
        if expected.endswith("..."):
            assert lines[0].startswith(expected[:-3]), lines[0]
        else:
            assert lines[0] == expected


def test_missing_file_is_a_clean_error(tmp_path):
    proc = run(["-m", "scorer", "score", str(tmp_path / "nowhere.json")])
    assert proc.returncode != 0
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.splitlines()) == 1


# ----------------------------------------------------------------------------------- deal

@pytest.mark.parametrize("ruleset, dealer", [
    ("classic", 1), ("jokerless", 0), ("declared", 2), ("eighteen", 0), ("long", 1),
    ("four-solo", 3), ("four-partners", 2), ("five", 4), ("two-dummy", 1), ("two-open", 0),
])
def test_deal_command(ruleset, dealer):
    args = ["-m", "scorer", "deal", ruleset, "--seed", "7", "--dealer", str(dealer)]
    proc = run(args)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    for key in ("ruleset", "seed", "dealer", "hands", "turn_up", "trump", "dummy_bid"):
        assert key in out, key
    assert out["ruleset"] == ruleset
    assert out["seed"] == 7
    assert out["dealer"] == dealer
    # the same object deal_cards gives, and the same again on a second run
    assert out == deal_cards(ruleset, seed=7, dealer=dealer).to_json()
    assert json.loads(run(args).stdout) == out


def test_deal_command_without_seed_prints_a_replayable_seed():
    a = json.loads(run(["-m", "scorer", "deal", "classic"]).stdout)
    b = json.loads(run(["-m", "scorer", "deal", "classic"]).stdout)
    assert a["hands"] != b["hands"]
    assert isinstance(a["seed"], int)
    replay = json.loads(run(["-m", "scorer", "deal", "classic", "--seed", str(a["seed"])]).stdout)
    assert replay["hands"] == a["hands"]
    assert replay["dealer"] == 0


def test_deal_command_unknown_ruleset():
    proc = run(["-m", "scorer", "deal", "ninety-ten", "--seed", "1"])
    assert proc.returncode != 0
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr


# ------------------------------------------------------------------------- without Flask

BLOCK_FLASK = textwrap.dedent("""
    import sys
    BLOCKED = ("flask", "flask_sqlalchemy", "flask_wtf", "flask_migrate", "werkzeug", "wtforms",
               "sqlalchemy", "alembic", "granian")

    class Block:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ImportError("blocked for this test: " + name)
            return None

    sys.meta_path.insert(0, Block())
    for mod in list(sys.modules):
        if mod.split(".")[0] in BLOCKED:
            del sys.modules[mod]
""")


def test_import_and_score_without_flask():
    code = BLOCK_FLASK + textwrap.dedent("""
        import json
        import scorer
        from scorer.core import score_document
        doc = json.loads(sys.argv[1])
        out = score_document(doc)
        assert not any(m.split(".")[0] in BLOCKED for m in sys.modules), sorted(sys.modules)
        print(json.dumps(out["scored"]["deals"][0]["points"]))
    """)
    proc = run(["-c", code, json.dumps(EXAMPLE)])
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == [64, 2, 3]


def test_python_m_scorer_without_flask(tmp_path):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    code = BLOCK_FLASK + textwrap.dedent("""
        import runpy
        sys.argv = ["scorer", "score", sys.argv[1]]
        try:
            runpy.run_module("scorer", run_name="__main__", alter_sys=True)
        except SystemExit as exc:
            if exc.code not in (None, 0):
                raise
        assert not any(m.split(".")[0] in BLOCKED for m in sys.modules)
    """)
    proc = run(["-c", code, str(path)])
    assert proc.returncode == 0, proc.stderr
    check_example_output(json.loads(proc.stdout))


def test_python_m_scorer_deal_without_flask():
    code = BLOCK_FLASK + textwrap.dedent("""
        import runpy
        sys.argv = ["scorer", "deal", "two-dummy", "--seed", "3"]
        try:
            runpy.run_module("scorer", run_name="__main__", alter_sys=True)
        except SystemExit as exc:
            if exc.code not in (None, 0):
                raise
    """)
    proc = run(["-c", code])
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert [len(h) for h in out["hands"]] == [12, 12, 9]
    assert len(out["dummy_bid"]) == 3


def test_a_reader_that_stops_early_gets_no_traceback():
    """`python -m scorer deal ... | head -1`: the pipe closes before the output is written."""
    command = [sys.executable, "-m", "scorer", "deal", "jokerless", "--seed", "7"]
    producer = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert producer.stdout is not None
    producer.stdout.close()  # nobody reads: the first write meets a closed pipe
    _, err = producer.communicate(timeout=60)
    assert b"Traceback" not in err and b"BrokenPipe" not in err, err.decode()
    assert producer.returncode == 0
