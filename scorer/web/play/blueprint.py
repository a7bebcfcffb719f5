"""The ``play`` blueprint: the package's one, which its modules add their routes to
(``@bp.get(...)``) and the factory registers (``scorer.web.play.bp``)."""

from flask import Blueprint

bp = Blueprint("play", __name__)
