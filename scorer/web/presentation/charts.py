"""The running-totals chart of a match, drawn on the server as SVG (it needs no JavaScript and
prints like the page around it).

Only geometry is worked out here: where the core's running totals go on the drawing. Each game
is drawn from 0, since that is where the core's totals start again; a dashed line marks where a
new game begins. Lines differ by dash pattern and marker as well as by colour, so they can be
told apart on a black-and-white print.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorer.core import make_setup
from scorer.web.language import ngettext
from scorer.web.presentation import rules_words
from scorer.web.presentation.formatting import minus
from scorer.web.presentation.scoreboard import Board

WIDTH, HEIGHT = 360, 220  # about a phone's width, so the text is drawn at its real size there
LEFT, RIGHT, TOP, BOTTOM = 34, 8, 12, 30
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "circle")
DASHES = ("", "7 4", "2 3", "10 3 2 3", "5 2 1 2", "1 4")
STEPS = (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000, 20000, 50000)


@dataclass
class Series:
    label: str
    index: int
    paths: list[str] = field(default_factory=list)       # one polyline per game
    points: list[tuple[float, float]] = field(default_factory=list)

    @property
    def marker(self) -> str:
        return MARKERS[self.index % len(MARKERS)]

    @property
    def dash(self) -> str:
        return DASHES[self.index % len(DASHES)]


@dataclass
class Chart:
    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    series: list[Series]
    y_ticks: list[tuple[float, int]]          # (y, value)
    x_ticks: list[tuple[float, int]]          # (x, deal number)
    games: list[tuple[float, int]]            # (x, game number) where each later game starts
    zero: float
    goal: tuple[float, str] | None            # the line a game is played to, and its label
    summary: str

    @property
    def middle(self) -> float:
        """The x of the middle of the plot, for the axis label."""
        return (self.left + self.right) / 2


def nice_step(span: int, lines: int = 5) -> int:
    for step in STEPS:
        if span / step <= lines:
            return step
    return STEPS[-1]


def goal_line(board: Board) -> tuple[int, str] | None:
    """The line a chart draws: the score a game is played to, where the format has one (the core's
    goal), and its label."""
    setup = make_setup(board.match.ruleset, board.match.options)
    label = rules_words.goal_label(setup)
    return (setup.goal, label) if setup.goal is not None and label is not None else None


def running_totals(board: Board) -> Chart | None:
    """The chart of a match with at least one deal."""
    rows = [(game.number, row) for game in board.games for row in game.rows]
    if not rows:
        return None
    deals = len(rows)
    goal, goal_label = goal_line(board) or (None, "")
    values = [0] + [total for _, row in rows for total in row.totals]
    low = min(values)
    high = max(values + ([goal] if goal is not None and goal <= max(values) * 1.6 + 20 else []))
    step = nice_step(max(high - low, 10))
    low = (low // step) * step
    high = -((-high) // step) * step
    if high == low:
        high = low + step

    right_edge, bottom_edge = WIDTH - RIGHT, HEIGHT - BOTTOM

    def x(deal: float) -> float:
        return round(LEFT + (right_edge - LEFT) * deal / deals, 1)

    def y(value: float) -> float:
        return round(bottom_edge - (bottom_edge - TOP) * (value - low) / (high - low), 1)

    series = [Series(column.label, i) for i, column in enumerate(board.columns)]
    starts: list[tuple[float, int]] = []
    number = 0
    for game in board.games:
        if not game.rows:
            continue
        start = number
        if game.number > 1:
            starts.append((x(start), game.number))
        for s in series:
            coords = [(x(start), y(0))]
            for offset, row in enumerate(game.rows, start=1):
                point = (x(start + offset), y(row.totals[s.index]))
                coords.append(point)
                s.points.append(point)
            s.paths.append(" ".join(f"{px},{py}" for px, py in coords))
        number += len(game.rows)

    x_step = nice_step(deals, 9) if deals > 12 else 1  # every deal numbered, or every 5th, 10th…
    x_ticks = [(x(d), d) for d in range(1, deals + 1) if d % x_step == 0]
    y_ticks = [(y(v), v) for v in range(low, high + 1, step)]
    last = board.games[-1]
    totals = "; ".join(f"{s.label} {minus(last.totals[s.index])}" for s in series)
    if len(board.games) > 1:
        summary = ngettext("Running totals over %(num)s deal, %(games)s games, each from 0. Game %(game)s stands at %(totals)s.",
                           "Running totals over %(num)s deals, %(games)s games, each from 0. Game %(game)s stands at %(totals)s.",
                           deals, games=len(board.games), game=last.number, totals=totals)
    else:
        summary = ngettext("Running totals over %(num)s deal. Game %(game)s stands at %(totals)s.",
                           "Running totals over %(num)s deals. Game %(game)s stands at %(totals)s.",
                           deals, game=last.number, totals=totals)
    return Chart(WIDTH, HEIGHT, LEFT, right_edge, TOP, bottom_edge, series, y_ticks, x_ticks, starts, y(0),
                 (y(goal), goal_label) if goal is not None and low <= goal <= high else None, summary)
