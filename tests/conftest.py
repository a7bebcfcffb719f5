"""Shared by the web and browser tests: an app on a fresh SQLite file per test."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from scorer import create_app
from scorer.web.extensions import db


def make_app(tmp_path: Path, **config: object) -> Flask:
    """An app whose database (and instance folder contents) live in ``tmp_path``."""
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test-only-key",
        "TIMEZONE": "UTC",  # what the tests expect, whatever the machine's zone (test_timezone.py)
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'scorer.sqlite'}",
        **config,
    })
    with app.app_context():
        db.create_all()
    return app


@pytest.fixture
def app_factory(tmp_path: Path):
    def factory(**config: object) -> Flask:
        return make_app(tmp_path, **config)
    return factory
