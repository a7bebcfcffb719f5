"""The command line: ``python -m scorer score FILE|-`` and ``python -m scorer deal RULESET``.

Bad input exits with status 2 and one line on standard error naming the deal and the field;
nothing is printed on standard output then, and never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

from .core import RULESETS, MatchError, deal_cards, score_document


class _BadInput(Exception):
    """The command line's own refusal (a file it cannot read, an option it cannot parse): one line,
    as a MatchError's, but no problem of the core's (``scorer.core.PROBLEMS``)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not argparse's usage block
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m scorer", description="Score and deal Ninety-Nine.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    score = sub.add_parser("score", help="score a match document (MATCH-FORMAT.md) and print it back with 'scored'")
    score.add_argument("file", help="the match document, or - for standard input")
    deal = sub.add_parser("deal", help="shuffle and deal one deal of a ruleset")
    deal.add_argument("ruleset", choices=list(RULESETS), metavar="RULESET", help=", ".join(RULESETS))
    deal.add_argument("--seed", type=int, help="repeat the deal of this seed (default: unpredictable)")
    deal.add_argument("--dealer", type=int, default=0, metavar="SEAT", help="the dealer's seat (default 0)")
    deal.add_argument("--deal", type=int, default=1, metavar="K",
                      help="the deal's number in its game; in eighteen it picks card K of the game's trump pile (default 1)")
    deal.add_argument("--pile-seed", type=int, metavar="P",
                      help="eighteen: the seed of the game's trump pile, as the app shows it (default: from --seed and --deal)")
    deal.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                      help="a ruleset option, e.g. trump=successes for four-solo")
    return parser


def _read(path: str, stdin: TextIO) -> Any:
    try:
        if path == "-":
            text = stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as err:
        raise _BadInput(f"{path}: cannot be read ({err.strerror})") from None
    except UnicodeDecodeError:
        raise _BadInput(f"{path}: is not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise _BadInput(f"{'standard input' if path == '-' else path}: not valid JSON "
                        f"({err.msg} at line {err.lineno} column {err.colno})") from None


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise _BadInput(f"--option {pair!r}: write it as KEY=VALUE")
        options[key] = json.loads(value) if value in ("true", "false") or value.isdigit() else value
    return options


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None,
         stderr: TextIO | None = None) -> int:
    # The streams are looked up at each call, not bound when the module is imported, so that a
    # caller (or a test) that replaced sys.stdout/stderr since is written to.
    stdin, stdout, stderr = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    args = _parser().parse_args(argv)
    try:
        if args.command == "score":
            result = score_document(_read(args.file, stdin))
        else:
            result = deal_cards(args.ruleset, seed=args.seed, dealer=args.dealer, options=_options(args.option),
                                deal=args.deal, pile_seed=args.pile_seed).to_json()
    except (MatchError, _BadInput) as err:
        print(err, file=stderr)
        return 2
    except RecursionError:
        print("the document is nested too deeply", file=stderr)
        return 2
    try:
        json.dump(result, stdout, indent=2, ensure_ascii=False)
        stdout.write("\n")
        stdout.flush()
    except BrokenPipeError:
        # The reader went away (`... | head`): stop quietly, as other Unix tools do. Python would
        # flush stdout again at exit and fail once more, so point it at /dev/null first.
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), stdout.fileno())
        return 0
    return 0
