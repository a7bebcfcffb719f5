"""One blueprint a screen package, as the running app has them (tests/structure/test_layers.py
reads the same from the source): every page is one of the four packages' endpoints, named
``package.page``, and what used to hang on a blueprint's name (the navigation bar's current
section, a hand page kept uncompressed) follows the page's module."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from webhelpers import start_match

SCREENS = {"play", "cards", "records", "site"}


def test_the_app_has_one_blueprint_a_screen_package(app: Flask) -> None:
    assert set(app.blueprints) == SCREENS
    outside = sorted(rule.endpoint for rule in app.url_map.iter_rules()
                     if rule.endpoint != "static" and rule.endpoint.split(".")[0] not in SCREENS)
    assert outside == []


def test_each_blueprints_views_live_in_its_own_package(app: Flask) -> None:
    wrong = sorted(endpoint for endpoint, view in app.view_functions.items()
                   if endpoint != "static" and not view.__module__.startswith(f"scorer.web.{endpoint.split('.')[0]}."))
    assert wrong == []


def test_the_navigation_marks_the_section_of_the_pages_module(client: FlaskClient) -> None:
    """History's match record is History's section; Stats' ladder is Stats' (an override), and
    the deal sets' page is no section of the records."""
    match_id = start_match(client, ["Ann", "Bob", "Cy"])
    record = client.get(f"/history/{match_id}").get_data(as_text=True)
    assert 'href="/history/" aria-current="page"' in record
    assert 'href="/stats/" aria-current' not in record
    ladder = client.get("/stats/ratings").get_data(as_text=True)
    assert 'href="/stats/" aria-current="page"' in ladder
    assert 'href="/history/" aria-current' not in ladder
    sets = client.get("/deal-sets/").get_data(as_text=True)
    assert 'href="/deal-sets/" aria-current="page"' in sets
    assert 'href="/history/" aria-current' not in sets and 'href="/stats/" aria-current' not in sets


def test_the_command_line_is_on_the_records_blueprint(app: Flask) -> None:
    runner = app.test_cli_runner()
    for command in (["check", "--help"], ["stats", "rebuild", "--help"], ["backup", "--help"], ["restore", "--help"]):
        result = runner.invoke(args=command)
        assert result.exit_code == 0, (command, result.output)
