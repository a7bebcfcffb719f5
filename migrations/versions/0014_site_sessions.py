"""Sessions signed in with the site passcode are kept on the server (``site_sessions``: the hash
of each browser's session token), so that signing out ends the session for every copy of the
cookie, not only in the browser that signed out.

Browsers signed in before this migration hold no token: they are asked for the passcode once more.

Revision ID: 0014_site_sessions
Revises: 0013_seat_dates
Create Date: 2026-11-25 05:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0014_site_sessions'
down_revision = '0013_seat_dates'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'site_sessions',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_site_sessions')),
        sa.UniqueConstraint('token_hash', name=op.f('uq_site_sessions_token_hash')),
    )
    op.create_index(op.f('ix_site_sessions_created_at'), 'site_sessions', ['created_at'], unique=False)


def downgrade():
    op.drop_index(op.f('ix_site_sessions_created_at'), table_name='site_sessions')
    op.drop_table('site_sessions')
