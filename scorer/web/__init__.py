"""The mobile web app: ``create_app`` builds it (``flask --app scorer run`` finds it through
``scorer.create_app``). The views store what was played and ask ``scorer.core`` for every score.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask

from . import errors, display
from .config import configure
from .extensions import csrf, db, migrate

# templates/, static/ and migrations/ live at the repository root (STYLE.md).
ROOT = Path(__file__).resolve().parents[2]


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app; ``test_config`` replaces ``instance/config.py`` and the environment."""
    app = Flask(
        "scorer",
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    os.makedirs(app.instance_path, exist_ok=True)
    configure(app, test_config)

    db.init_app(app)
    migrate.init_app(app, db)
    csrf.init_app(app)

    # Imported here so that the models are registered with the metadata before Alembic looks.
    from . import models  # noqa: F401
    from .deals import bp as deals_bp
    from .home import bp as home_bp
    from .matches import bp as matches_bp
    from . import exports, history, imports, players, results, sheets, stats

    app.register_blueprint(home_bp)
    app.register_blueprint(matches_bp)
    app.register_blueprint(deals_bp)
    from . import dealsets, hands  # the app deals the cards (issue 5)
    app.register_blueprint(hands.bp)
    app.register_blueprint(dealsets.bp)
    app.register_blueprint(dealsets.packs)
    for blueprint in (history.bp, stats.bp, players.bp, sheets.bp, exports.bp, imports.bp, results.cli):
        app.register_blueprint(blueprint)
    stats.register(app)
    errors.register(app)
    display.register(app)
    return app
