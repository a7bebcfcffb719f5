"""Each seat carries its match's date (``match_seats.match_created_at``, a copy of
``matches.created_at``, which never changes), indexed with the player
(``ix_match_seats_player_created``): history filtered by a player reads that player's newest
matches in order and stops at a page, instead of finding all the player's matches and sorting
them (which grew with the player's matches: 1.5 ms for 860 matches). The index replaces
``ix_match_seats_player`` (player, match), whose lookups by player it serves as well.

The column is added, filled from the matches, then made NOT NULL (a copy of the table on SQLite).

Revision ID: 0013_seat_dates
Revises: 0012_played_trump
Create Date: 2026-11-23 19:50:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0013_seat_dates'
down_revision = '0012_played_trump'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('match_seats', sa.Column('match_created_at', sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE match_seats SET match_created_at = "
               "(SELECT matches.created_at FROM matches WHERE matches.id = match_seats.match_id)")
    with op.batch_alter_table('match_seats') as batch_op:
        batch_op.alter_column('match_created_at', existing_type=sa.DateTime(timezone=True), nullable=False)
    op.drop_index('ix_match_seats_player', table_name='match_seats')
    op.create_index('ix_match_seats_player_created', 'match_seats', ['player_id', 'match_created_at', 'match_id'],
                    unique=False)


def downgrade():
    op.drop_index('ix_match_seats_player_created', table_name='match_seats')
    op.create_index('ix_match_seats_player', 'match_seats', ['player_id', 'match_id'], unique=False)
    with op.batch_alter_table('match_seats') as batch_op:
        batch_op.drop_column('match_created_at')
