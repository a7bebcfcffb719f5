"""A finished match remembers the rematch started from it (``matches.rematch_id``), so that two
scorekeepers pressing Rematch start one match, and every phone on the old match is shown the way
to it. A plain integer, not a foreign key: a purged rematch leaves an id that points at nothing.

Revision ID: 0015_rematch
Revises: 0014_site_sessions
Create Date: 2026-11-25 05:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0015_rematch'
down_revision = '0014_site_sessions'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('matches', sa.Column('rematch_id', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('matches') as batch_op:
        batch_op.drop_column('rematch_id')
