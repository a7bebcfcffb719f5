"""Runs of made bids start afresh with each game, as the core's streaks do (DECISIONS 20): the
``run`` column of ``seat_results`` is recounted from the rows themselves.

Only the cache's own columns are read (match, seat, game, deal, made), so this needs nothing from
the app or the core and stays correct however they change later.

Revision ID: 0007_runs_per_game
Revises: 0006_seat_holders
Create Date: 2026-11-23 11:30:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0007_runs_per_game'
down_revision = '0006_seat_holders'
branch_labels = None
depends_on = None


def _recount(per_game):
    connection = op.get_bind()
    rows = connection.execute(sa.text(
        "SELECT match_id, deal, seat, game, made, run FROM seat_results ORDER BY match_id, seat, deal")).all()
    changed = []
    key, run = None, 0
    for match_id, deal, seat, game, made, old in rows:
        here = (match_id, seat, game) if per_game else (match_id, seat)
        if here != key:
            key, run = here, 0
        run = run + 1 if made else 0
        if run != old:
            changed.append({"match_id": match_id, "deal": deal, "seat": seat, "run": run})
    if changed:
        connection.execute(sa.text("UPDATE seat_results SET run = :run WHERE match_id = :match_id AND deal = :deal AND seat = :seat"), changed)


def upgrade():
    _recount(per_game=True)


def downgrade():
    _recount(per_game=False)
