"""A version on every match: each save, edit or delete of its deals raises it, and begins by doing
so, which takes the match's row lock (PostgreSQL) or the database's write lock (SQLite) for the
rest of its transaction (scorer/web/locking.py). Existing matches start at 0.

A plain ADD COLUMN with a default: SQLite adds it in place (no table rebuild, which would cascade
to every deal), PostgreSQL fills it without rewriting rows.

Revision ID: 0005_match_version
Revises: 0004_player_names
Create Date: 2026-11-23 10:45:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0005_match_version'
down_revision = '0004_player_names'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('matches', sa.Column('version', sa.Integer(), server_default='0', nullable=False))


def downgrade():
    # Not batch mode: rebuilding matches on SQLite would cascade to every deal. SQLite 3.35 and
    # later drop a plain column in place.
    op.drop_column('matches', 'version')
