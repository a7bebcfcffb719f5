"""The ``records`` blueprint: the package's one, which its modules add their routes to
(``@bp.get(...)``) and the factory registers (``scorer.web.records.bp``)."""

from flask import Blueprint

bp = Blueprint("records", __name__, cli_group=None)
