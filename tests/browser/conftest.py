"""Playwright on Debian's Chromium: the app is served from a thread on 127.0.0.1 with a fresh
database per test, and every page is a phone (390×844, touch).

Why Debian's Chromium and not Playwright's own browser: these machines reach only the package
registries, so ``playwright install`` (which downloads from Microsoft's CDN) cannot run; ``make
test`` installs the ``chromium`` package through apt when it is missing, and pytest-playwright is
pointed at it (``CHROMIUM_PATH``, else ``chromium`` on the PATH) with the flags a headless run in a
container needs. A browser test is never skipped silently: in CI a skipped one fails the run
(tests/conftest.py)."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator

import pytest
from browserhelpers import PHONE, SCREENSHOTS
from playwright.sync_api import expect
from werkzeug.serving import make_server

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync"]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": PHONE, "is_mobile": True, "has_touch": True,
            "device_scale_factor": 2, "locale": "en-GB"}


class SwitchableApp:
    """The WSGI app the server thread calls: each test puts in its own app (and database)."""

    def __init__(self) -> None:
        self.app = None

    def __call__(self, environ, start_response):
        app = self.app
        if app is None:  # a page's late poll, between two tests: no app to answer it
            start_response("503 Service Unavailable", [("Content-Type", "text/plain"), ("Retry-After", "1")])
            return [b"between two tests"]
        return app(environ, start_response)


@pytest.fixture(scope="session")
def _server() -> Iterator[tuple[SwitchableApp, str]]:
    # One server for the session (pytest-playwright wants base_url session-scoped); the app
    # behind it is swapped for every test.
    switch = SwitchableApp()
    server = make_server("127.0.0.1", 0, switch, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield switch, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()


@pytest.fixture(scope="session")
def base_url(_server) -> str:
    return _server[1]


@pytest.fixture(autouse=True)
def live_app(_server, app_factory):
    """A fresh app and database for every browser test."""
    switch = _server[0]
    switch.app = app_factory()
    yield switch.app
    switch.app = None


@pytest.fixture(autouse=True)
def _quick_failures_and_no_script_errors(page):
    """A step that cannot happen fails in seconds, not after Playwright's default 30; and a
    JavaScript error on any page fails the test."""
    page.set_default_timeout(5000)
    expect.set_options(timeout=5000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # Whatever the Content-Security-Policy blocks (an inline script or style, a foreign source)
    # fails the test: the browser reports it on the console and as an event on the document.
    page.add_init_script("""document.addEventListener("securitypolicyviolation", (e) =>
        console.error("CSP violation: " + e.violatedDirective + " " + (e.blockedURI || "inline") + " " + e.sourceFile + ":" + e.lineNumber));""")
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" and (
        "Content Security Policy" in message.text or "CSP violation" in message.text) else None)
    yield
    assert errors == [], f"JavaScript errors: {errors}"


@pytest.fixture
def shoot(page):
    """Save a screenshot of the page as it is into screenshots/ (git-ignored) to look at."""
    SCREENSHOTS.mkdir(exist_ok=True)

    def shoot(name: str, full_page: bool = True) -> None:
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)
    return shoot
