"""The Flask extensions, created unbound here and bound to an app in ``create_app``.

The naming convention gives every constraint a predictable name, which Alembic needs to alter
or drop it later; ``render_as_batch`` lets those migrations run on SQLite, which cannot ALTER a
constraint in place.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy import MetaData, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# migrations/ sits at the repository root, beside templates/ and static/.
MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


db = SQLAlchemy(model_class=Base)

# The models' base class. ``db.Model`` is built from ``Base`` at run time, so a type checker cannot
# use it as a base class (python/mypy#8603, pallets-eco/flask-sqlalchemy#1186); it sees ``Base``'s
# typed declarative mapping instead, which is what the models' ``Mapped[...]`` columns rely on.
if TYPE_CHECKING:
    class Model(Base):
        __abstract__ = True
else:
    Model = db.Model

migrate = Migrate(render_as_batch=True, directory=str(MIGRATIONS_DIR))
csrf = CSRFProtect()


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """Per SQLite connection: foreign keys (and ON DELETE CASCADE) on, which SQLite leaves off
    unless asked; write-ahead logging, so that readers (a page, an export) never block a writer
    and a writer never blocks them. The busy timeout (how long a writer waits its turn behind
    another rather than failing with "database is locked") is the driver's ``timeout`` argument,
    from the ``SQLITE_BUSY_TIMEOUT_MS`` setting (config.py): an import stores in batches of a
    fraction of a second (writes/imports.py), so a save at the table waits that long at most; the
    default 30 s is the margin for a slow disk, never a wait people should see."""
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        # A file database only (":memory:" answers "memory"); the mode is kept in the file.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.close()
