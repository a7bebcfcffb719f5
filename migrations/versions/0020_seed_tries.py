"""How fast one phone may start matches with a typed seed (issue 32): ``seed_tries``, one row per
match started with a typed seed for the app's shuffle, by the phone's address, counted in the
database so that every app process counts the same (``policy/typed_seeds.py``).

Revision ID: 0020_seed_tries
Revises: 0019_night_frontier
Create Date: 2026-11-28 14:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0020_seed_tries'
down_revision = '0019_night_frontier'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'seed_tries',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('phone', sa.String(length=64), nullable=False),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_seed_tries')),
    )
    op.create_index('ix_seed_tries_phone_at', 'seed_tries', ['phone', 'at'], unique=False)


def downgrade():
    op.drop_index('ix_seed_tries_phone_at', table_name='seed_tries')
    op.drop_table('seed_tries')
