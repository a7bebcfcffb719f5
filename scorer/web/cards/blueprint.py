"""The ``cards`` blueprint: the package's one, which its modules add their routes to
(``@bp.get(...)``) and the factory registers (``scorer.web.cards.bp``)."""

from flask import Blueprint

bp = Blueprint("cards", __name__)
