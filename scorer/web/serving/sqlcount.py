"""For ``make bench`` only: the number of SQL statements a request ran, in a response header.

Off unless the setting ``SQL_COUNT_HEADER`` is true (or the environment has
``SCORER_SQL_COUNT=1``, which bench/bench.py sets for the server it starts). Then every response
carries ``X-SQL-Statements: <n>``, counted in the server process as the statements reach the
database driver. A streamed body's statements after the headers are sent are not counted.
"""

from __future__ import annotations

import os
from typing import Any

from flask import Flask, g, has_request_context
from flask.wrappers import Response
from sqlalchemy import event
from sqlalchemy.engine import Engine

HEADER = "X-SQL-Statements"


def _counted(_conn: Any, _cursor: Any, _statement: str, *_args: Any) -> None:
    if has_request_context():
        g.sql_statements = g.get("sql_statements", 0) + 1


def _add_header(response: Response) -> Response:
    response.headers[HEADER] = str(g.get("sql_statements", 0))
    return response


def register(app: Flask) -> None:
    if not (app.config.get("SQL_COUNT_HEADER") or os.environ.get("SCORER_SQL_COUNT") == "1"):
        return
    if not event.contains(Engine, "before_cursor_execute", _counted):
        event.listen(Engine, "before_cursor_execute", _counted)
    app.after_request(_add_header)
