"""The ``site`` blueprint: the package's one, which its modules add their routes to
(``@bp.get(...)``) and the factory registers (``scorer.web.site.bp``)."""

from flask import Blueprint

bp = Blueprint("site", __name__)
