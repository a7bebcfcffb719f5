"""The mobile web app: ``create_app`` builds it (``flask --app scorer run`` finds it through
``scorer.create_app``). The web layer stores what was played and asks ``scorer.core`` for every score.

It is built in layers, each a package whose imports only go down (tests/structure/test_layers.py;
docs/ARCHITECTURE.md draws them):

- foundation: ``config``, ``extensions`` (SQLAlchemy, Migrate, CSRF), ``clock``, ``fields``;
- ``data``: the models, a match's document for the core, the match lock, the derived caches;
- ``policy``: who may do what; ``presentation``: how the core's results look (peers);
- ``writes``: one function per change a person can make, each one transaction under the match's lock;
- ``serving``: static files, compression, the PWA, ``make run``'s set-up and server;
- the screens, grouped by what a person does, views and forms only, never importing one another:
  ``play`` (start a match, record deals, the scoreboard), ``cards`` (the app's own dealing,
  private hands, packs, deal sets), ``records`` (history, statistics, sheets, export and import,
  the change history);
- this factory, ``errors`` and ``templating``, which register them all.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask

from scorer.web.config import configure
from scorer.web.extensions import csrf, db, migrate

# templates/, static/ and migrations/ live at the repository root, beside the package, as in
# Flask's own tutorial: templates by screen, plain CSS and JavaScript, no build step.
ROOT = Path(__file__).resolve().parents[2]


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app; ``test_config`` replaces ``instance/config.py`` and the environment."""
    app = Flask(
        "scorer",
        instance_relative_config=True,
        # SCORER_INSTANCE: another instance folder than instance/ beside the code (its database,
        # secret key and certificate), for a second server on one machine or a test's own.
        instance_path=os.path.abspath(os.environ["SCORER_INSTANCE"]) if os.environ.get("SCORER_INSTANCE") else None,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    os.makedirs(app.instance_path, exist_ok=True)
    configure(app, test_config)
    register_extensions(app)
    register_blueprints(app)
    register_templating(app)
    from scorer.web.policy import access

    access.trust_proxy(app)  # SCORER_BEHIND_PROXY: the client's address from the proxy's headers
    return app


def register_extensions(app: Flask) -> None:
    from scorer.web.data import documents
    from scorer.web.policy import security
    from scorer.web.serving import assets, compression, sqlcount

    security.register(app)  # first: its id converter must be in place before any route is added
    db.init_app(app)
    migrate.init_app(app, db)
    csrf.init_app(app)
    from scorer.web.policy import passcode

    passcode.register(app)  # SCORER_PASSCODE: the sign-in page before anything else
    assets.register(app)  # static files under content-hashed names
    compression.register(app)  # after_request hooks run last-registered first: views' headers are set by then
    sqlcount.register(app)  # make bench only: X-SQL-Statements on every response
    documents.register(app)  # the core's memory of matches scored (a save scores only its new deal)
    from scorer.web.data import locking

    app.before_request(locking.request_began)  # work off the requests makes room for them
    app.teardown_request(lambda _error: locking.request_ended())
    from scorer.web import language

    language.register(app)  # Flask-Babel: the phone's language, the catalogs in scorer/translations
    from scorer.web.writes import rating_worker

    rating_worker.register()  # a write that marks ratings stale wakes their catch-up after its commit


def register_blueprints(app: Flask) -> None:
    """Every blueprint of the app, in one place (the command-line group ``stats`` and ``check`` are too)."""
    # Imported here so that importing scorer.web (for create_app) stays cheap and cycle-free.
    from scorer.web import errors
    from scorer.web.cards import deal_sets, hand_pages, nights, packs
    from scorer.web.play import deals, home, matches
    from scorer.web.records import check, exports, history, imports, players, ratings, sheets, stats

    for module in (home, matches, deals, hand_pages, deal_sets, nights, packs,
                   history, stats, ratings, players, sheets, exports, imports):
        app.register_blueprint(module.bp)
    app.register_blueprint(check.stats_cli)  # `flask --app scorer stats rebuild`
    app.register_blueprint(check.cli)  # `flask --app scorer check`
    from scorer.web.serving import pwa  # the manifest, the service worker, the offline page
    app.register_blueprint(pwa.bp)
    from scorer.web.cards import seats  # who holds each seat; the scorekeeper's hand-over

    app.register_blueprint(seats.bp)
    from scorer.web.play import live  # the version endpoint the live scoreboard polls

    app.register_blueprint(live.bp)
    from scorer.web.records import backups, changes, deleted  # the change history, undo, recently deleted

    app.register_blueprint(changes.bp)
    app.register_blueprint(deleted.bp)
    app.register_blueprint(backups.cli)  # `flask --app scorer backup FILE` / `restore FILE`
    from scorer.web.policy import device
    from scorer.web.presentation import refusal_words
    from scorer.web.site import language, sign_in  # the site passcode's page, the language switch

    device.refusal_words = refusal_words.message  # a name's refusal worded as every screen words it

    app.register_blueprint(device.bp)
    app.register_blueprint(sign_in.bp)
    app.register_blueprint(language.bp)
    from scorer.web.play import screen, share  # the share screen, keepers' invites, take-over; the big screen

    app.register_blueprint(share.bp)
    app.register_blueprint(screen.bp)
    errors.register(app)


def register_templating(app: Flask) -> None:
    from scorer.web import templating

    templating.register(app)
