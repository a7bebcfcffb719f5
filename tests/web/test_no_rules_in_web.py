"""Every rule lives in ``scorer.core``: the web layer, its templates and its JavaScript display what
the core says and never decide by a ruleset's id or by a rule's number.

The walk reads ``scorer/web/**/*.py`` (as Python syntax, so comments and docstrings, which may
explain a rule, are not read), ``templates/**/*.html`` (the Jinja expressions, and the text for
rules written out with their numbers) and ``static/**/*.js`` (comments left out). It fails on

- a ruleset id (every id of ``scorer.core.RULESETS``) as a quoted literal;
- a rule number used as logic: compared with, added to, passed to ``range``/``min``/``max``/
  ``NumberRange``/``.get`` or as a field's ``default``; the rule numbers are read from the core
  (bonus and premium values, the game's 100, the 99, trick counts, the 10–13 aliases, option limits);
- rules text typed in with its numbers ("0–3 also mean 10–13", "♦ 0, ♠ 1 …", "plus 30", "to 100").

``ALLOWED`` lists what looks like one of those and is not a rule, each with its reason.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from scorer.core import (
    DEFAULT_OPTIONS,
    GAME_BONUS,
    GAME_TO,
    NINETY_NINE,
    OPTION_LIMITS,
    RULESETS,
    bid_aliases,
)
from scorer.core.scoring import DUMMY_EXACT_BONUS, SIDE_BONUS_BOTH, SIDE_BONUS_LEVEL, SIDE_BONUS_ONE, STREAK_STEP

ROOT = Path(__file__).resolve().parents[2]

# The numbers a rule is made of, from the core itself (0 and the small counts such as "three
# cards" are everywhere and say nothing on their own).
RULE_NUMBERS = {n for n in (
    *(value for ruleset in RULESETS.values() for value in ruleset.bonus.values()),
    *(value for ruleset in RULESETS.values() for value in ruleset.premium_value.values()),
    *(ruleset.tricks for ruleset in RULESETS.values()),
    *(bid_aliases(max(ruleset.tricks for ruleset in RULESETS.values())).values()),
    DUMMY_EXACT_BONUS, SIDE_BONUS_BOTH, SIDE_BONUS_LEVEL, SIDE_BONUS_ONE, STREAK_STEP,
    GAME_TO, GAME_BONUS, NINETY_NINE, DEFAULT_OPTIONS["deals"], DEFAULT_OPTIONS["target"], *OPTION_LIMITS.values(),
) if n >= 9}

# Rules written out as text with their numbers typed in.
RULE_TEXT = [
    re.compile(r"(?<![\d.])0\s*[–-]\s*3(?![\d])"),               # the aliased bids
    re.compile(r"(?<![\d.])10\s*[–-]\s*13(?![\d])"),              # what they also mean
    re.compile(r"♦\s*0\s*,\s*♠\s*1"),                             # the bid cards' values
    re.compile(r"\b(?:plus|adds|scores|earns it|bonus of|declare|reveal)\s+[±+−-]?(?:10|20|30|40|50|60)\b", re.I),
    re.compile(rf"\b(?:to|reaches|reach)\s+{GAME_TO}\b|\b{GAME_TO}-point\b"),
]

# (file, what is found, why it is not a rule).
ALLOWED: list[tuple[str, str, str]] = [
    ("scorer/web/data/figures.py", '"declared"', "a column's label: how many times a player declared"),
    ("templates/play/_deal_table.html", "'declared'", "the word shown for a premium of kind 'declare'"),
    ("scorer/web/presentation/change_words.py", '"declared"', "the word shown for a premium of kind 'declare'"),
    ("templates/play/deal.html", "'declared'", "the word shown for a premium of kind 'declare'"),
    ("scorer/web/presentation/charts.py", "12", "past 12 deals the x axis numbers every 5th or 10th deal (layout)"),
    ("scorer/web/presentation/charts.py", "20", "head room above the highest line, in points (layout)"),
    ("scorer/web/presentation/charts.py", "10", "the smallest span of the y axis, in points (layout)"),
    ("scorer/web/policy/capability.py", "60", "days a scorekeeper's or seat's cookie lasts"),
]

LOGIC_CALLS = {"range", "min", "max", "NumberRange", "get"}
# A number beside an operator inside a Jinja expression or a line of JavaScript.
OPERATOR_NUMBER = re.compile(r"(?:[<>]=?|==|!=|[+*/%]|(?<![\w-])-)\s*(\d+)\b(?![.\d])|\b(\d+)\s*(?:[<>]=?|==|!=|[+*/%]|-(?![\w-]))")
RANGE_NUMBER = re.compile(r"\brange\(\s*(\d+)\s*\)")
JINJA = re.compile(r"{{.*?}}|{%.*?%}", re.S)
JINJA_COMMENT = re.compile(r"{#.*?#}", re.S)
JS_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\\\"'])//[^\n]*", re.S)


def files(pattern: str) -> list[Path]:
    found = sorted(ROOT.glob(pattern))
    assert found, f"nothing matches {pattern}: the walk would prove nothing"
    return found


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def id_literals(text: str) -> list[str]:
    return [m.group(0) for ruleset_id in RULESETS for m in re.finditer(rf"([\"']){re.escape(ruleset_id)}\1", text)]


def text_rules(text: str) -> list[str]:
    return [m.group(0) for pattern in RULE_TEXT for m in pattern.finditer(text)]


def python_findings(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    docstrings = {id(node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    found: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or id(node) in docstrings:
            continue
        if isinstance(node.value, str):
            found += [f'"{node.value}"'] if node.value in RULESETS else []
            found += text_rules(node.value)
        elif type(node.value) is int and node.value in RULE_NUMBERS and _used_as_logic(node, parents):
            found.append(str(node.value))
    return found


def _used_as_logic(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    parent = parents.get(node)
    if isinstance(parent, ast.UnaryOp):
        node, parent = parent, parents.get(parent)
    if isinstance(parent, ast.Compare):
        return True
    if isinstance(parent, ast.BinOp):
        return not isinstance(parent.op, ast.Pow)
    if isinstance(parent, ast.keyword):
        return parent.arg == "default"
    if isinstance(parent, ast.Call) and node in parent.args:
        func = parent.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        return name in LOGIC_CALLS
    return False


def template_findings(path: Path) -> list[str]:
    text = JINJA_COMMENT.sub("", path.read_text(encoding="utf-8"))
    found = id_literals(text) + text_rules(text)
    for expression in JINJA.findall(text):
        found += _numbers_as_logic(expression)
    return found


def script_findings(path: Path) -> list[str]:
    text = JS_COMMENT.sub("", path.read_text(encoding="utf-8"))
    return id_literals(text) + text_rules(text) + _numbers_as_logic(text)


def _numbers_as_logic(code: str) -> list[str]:
    numbers = [a or b for a, b in OPERATOR_NUMBER.findall(code)] + RANGE_NUMBER.findall(code)
    return [n for n in numbers if int(n) in RULE_NUMBERS]


def findings() -> dict[str, list[str]]:
    walked: dict[str, list[str]] = {}
    for path in files("scorer/web/**/*.py"):
        walked[rel(path)] = python_findings(path)
    for path in files("templates/**/*.html"):
        walked[rel(path)] = template_findings(path)
    for path in files("static/**/*.js"):
        walked[rel(path)] = script_findings(path)
    return walked


def test_no_ruleset_id_or_rule_number_in_the_web_layer():
    allowed = {(path, what) for path, what, _ in ALLOWED}
    problems = [f"{path}: {what}" for path, found in findings().items() for what in found
                if (path, what) not in allowed]
    assert not problems, ("rules decided or written outside scorer.core (move the fact or the text to the "
                          "core, or allow it in ALLOWED with a reason):\n" + "\n".join(problems))


def test_every_allowed_entry_is_still_needed_and_says_why():
    walked = findings()
    for path, what, reason in ALLOWED:
        assert len(reason) > 10, f"{path} {what}: say why it is not a rule"
        assert what in walked.get(path, []), f"{path} no longer has {what}: drop it from ALLOWED"


def test_the_walk_finds_what_it_looks_for(tmp_path):
    """The checks themselves: each kind of rule, planted, is found."""
    sample = tmp_path / "sample.py"
    sample.write_text('RULE = "four-partners"\n'
                      'def f(ruleset, n, options):\n'
                      '    """A docstring may say 0–3 also mean 10–13 and name "classic"."""\n'
                      '    x = options.get("target", 100)\n'
                      '    return n + 10 if ruleset.tricks > 9 else list(range(10))\n'
                      'LABEL = "Games to 100"\n', encoding="utf-8")
    assert sorted(python_findings(sample)) == sorted(['"four-partners"', "100", "10", "9", "10", "to 100"])
    page = tmp_path / "page.html"
    page.write_text("{# a comment may say 99 #}<p>{% if best.points == 99 %}the 99{% endif %} "
                    "{{ 'x' if match.ruleset == 'eighteen' }} ♦ 0, ♠ 1, ♥ 2, ♣ 3 (0–3 also mean 10–13)</p>"
                    "{% for n in range(10) %}{{ n + 10 }}{% endfor %}", encoding="utf-8")
    assert sorted(template_findings(page)) == sorted(
        ["'eighteen'", "0–3", "10–13", "♦ 0, ♠ 1", "99", "10", "10"])
    script = tmp_path / "x.js"
    script.write_text('// 99 in a comment\nvar m = { 3: "jokerless" };\nif (n <= 3) label = n + 10;\n', encoding="utf-8")
    assert sorted(script_findings(script)) == sorted(['"jokerless"', "10"])


def test_the_scripts_take_the_bid_card_count_from_the_page():
    """How many cards a bid is (the core's BID_CARDS) reaches the deal form's scripts as
    ``data-bid-cards``: no script compares a count of cards with the number itself."""
    from scorer.core import BID_CARDS

    typed = re.compile(rf"length\s*[<>=!]=*\s*{BID_CARDS}\b|\"of {BID_CARDS} cards")
    found = [rel(path) for path in files("static/**/*.js") if typed.search(JS_COMMENT.sub("", path.read_text()))]
    assert found == []
    assert 'data-bid-cards="{{ BID_CARDS }}"' in (ROOT / "templates/play/deal_form.html").read_text()
