"""The templates' compiled code kept between processes (templating.compiled_templates), and a
worker that compiles every template before its first request (serve.warm)."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest
from webhelpers import start_match

from scorer.web.serving import serve


@pytest.fixture
def compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the templates Jinja compiles from their source, in any app."""
    compiled: list[str] = []
    original = jinja2.Environment.compile

    def counting(self, source, name=None, filename=None, raw=False, defer_init=False):  # noqa: ANN001
        compiled.append(name)
        return original(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    return compiled


def test_a_second_process_reads_the_templates_compiled_by_the_first(app_factory, tmp_path: Path,
                                                                   compiles: list[str]) -> None:
    folder = tmp_path / "compiled"
    first = app_factory(WTF_CSRF_ENABLED=False, TEMPLATE_CACHE_FOLDER=str(folder))
    match_id = start_match(first.test_client(), ["Ann", "Bob", "Cy"])
    assert first.test_client().get(f"/matches/{match_id}").status_code == 200
    assert "play/scoreboard.html" in compiles and any(folder.iterdir())
    compiles.clear()
    # Another app (as another worker process would be) with the same folder: nothing compiled again.
    second = app_factory(WTF_CSRF_ENABLED=False, TEMPLATE_CACHE_FOLDER=str(folder))
    page = second.test_client().get(f"/matches/{match_id}")
    assert page.status_code == 200 and "Ann" in page.text
    assert compiles == []


def test_a_changed_template_is_compiled_again(app_factory, tmp_path: Path, compiles: list[str]) -> None:
    folder, templates = tmp_path / "compiled", tmp_path / "templates"
    templates.mkdir()
    (templates / "t.html").write_text("one")
    app = app_factory(TEMPLATE_CACHE_FOLDER=str(folder))
    app.jinja_env.loader = jinja2.FileSystemLoader(str(templates))
    assert app.jinja_env.get_template("t.html").render() == "one"
    (templates / "t.html").write_text("two")
    again = app_factory(TEMPLATE_CACHE_FOLDER=str(folder))
    again.jinja_env.loader = jinja2.FileSystemLoader(str(templates))
    assert again.jinja_env.get_template("t.html").render() == "two"
    assert compiles == ["t.html", "t.html"]


def test_what_another_version_compiled_is_removed(app_factory, tmp_path: Path) -> None:
    folder = tmp_path / "compiled"
    folder.mkdir()
    (folder / "0123456789ab-oldkey.cache").write_bytes(b"old")
    app_factory(TEMPLATE_CACHE_FOLDER=str(folder))
    assert not (folder / "0123456789ab-oldkey.cache").exists()


def test_a_worker_compiles_every_template_before_its_first_request(app_factory, tmp_path: Path,
                                                                  compiles: list[str]) -> None:
    app = app_factory( TEMPLATE_CACHE_FOLDER=str(tmp_path / "compiled"))
    serve.warm(app)
    every = app.jinja_env.list_templates()
    assert len(every) > 50 and sorted(compiles) == sorted(every)
    compiles.clear()
    app.test_client().get("/")
    assert compiles == []
