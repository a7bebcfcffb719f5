"""Web tests through Flask's test client, a fresh SQLite database each.

Most tests switch CSRF off to keep the posts short; ``csrf_client`` keeps it on, and the CSRF
tests read the token from the page as a browser would.
"""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient


@pytest.fixture
def app(app_factory) -> Flask:
    return app_factory(WTF_CSRF_ENABLED=False)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def csrf_app(app_factory) -> Flask:
    return app_factory(WTF_CSRF_ENABLED=True)


@pytest.fixture
def csrf_client(csrf_app: Flask) -> FlaskClient:
    return csrf_app.test_client()
