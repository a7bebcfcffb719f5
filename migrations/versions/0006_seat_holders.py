"""Private cards: seat_holders (which phone holds each seat of a match the app deals) and
matches.keeper_hash (the hash of the scorekeeper's capability cookie).

``keeper_hash`` is a plain nullable column, added in place (no foreign key, so SQLite need not
rebuild ``matches``). Matches already stored have none: their scorekeeper claims them once from
the scoreboard. Seats of matches already stored start free.

Revision ID: 0006_seat_holders
Revises: 0005_match_version
Create Date: 2026-11-23 10:40:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0006_seat_holders'
down_revision = '0005_match_version'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('seat_holders',
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('holder_hash', sa.String(length=64), nullable=True),
    sa.Column('taken_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('handed_over_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_seat_holders_match_id_matches'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('match_id', 'seat', name=op.f('pk_seat_holders'))
    )
    op.add_column('matches', sa.Column('keeper_hash', sa.String(length=64), nullable=True))


def downgrade():
    # In place (SQLite 3.35+ drops a column itself): a batch rebuild of matches would drop the
    # old table, and with foreign keys on that deletes every deal.
    op.drop_column('matches', 'keeper_hash')
    op.drop_table('seat_holders')
