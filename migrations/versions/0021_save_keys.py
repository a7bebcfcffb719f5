"""Every save is sent once, whatever the network does (issue 35): ``save_keys``, one row per write
sent with a deal form's one-time key (a deal recorded, changed or deleted), so that the same form
sent again is answered as the first time and never written twice (``data/save_keys.py``). Rows
older than a day go as new ones come in.

Revision ID: 0021_save_keys
Revises: 0020_seed_tries
Create Date: 2026-11-28 18:20:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0021_save_keys'
down_revision = '0020_seed_tries'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'save_keys',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('key', sa.String(length=64), nullable=False),
        sa.Column('match_id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=16), nullable=False),
        sa.Column('deal', sa.Integer(), nullable=False),
        sa.Column('sent', sa.String(length=64), nullable=False),
        sa.Column('change_id', sa.Integer(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_save_keys')),
        sa.UniqueConstraint('key', name=op.f('uq_save_keys_key')),
    )
    op.create_index(op.f('ix_save_keys_created_at'), 'save_keys', ['created_at'], unique=False)


def downgrade():
    op.drop_index(op.f('ix_save_keys_created_at'), table_name='save_keys')
    op.drop_table('save_keys')
