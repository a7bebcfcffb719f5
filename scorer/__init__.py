"""Ninety-Nine score keeper.

``scorer.core`` is the scoring core: rules, match progression, deal generation and the match
document, written with the standard library only. The web app sits beside it in ``scorer.web``
and is imported lazily, so ``import scorer`` and ``python -m scorer`` never pull in Flask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from flask import Flask


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the web app (``flask --app scorer run``); Flask is imported only here."""
    from scorer.web import create_app as _create_app

    return _create_app(test_config)
