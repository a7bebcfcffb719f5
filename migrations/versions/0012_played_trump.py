"""The trump each deal was played with (``deals.played_trump``), kept when an edit of an earlier
deal makes the rules give it another: the record shows both.

A plain nullable column added in place. Deals saved before it have none: the record shows the
trump the rules give (an edit fills it in for the deals after the one edited).

Revision ID: 0012_played_trump
Revises: 0011_indexes
Create Date: 2026-11-23 16:10:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0012_played_trump'
down_revision = '0011_indexes'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('deals', sa.Column('played_trump', sa.String(length=10), nullable=True))


def downgrade():
    with op.batch_alter_table('deals') as batch_op:
        batch_op.drop_column('played_trump')
