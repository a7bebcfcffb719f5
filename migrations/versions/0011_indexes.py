"""Two indexes the growing pages need: match seats by player, for the history list filtered by
a player (it read every seat of every match to find one player's matches); statistics summaries
by span and start, for the page of everyone (it scanned every summary row to find the all-time
ones, or a period's months and days).

Revision ID: 0011_indexes
Revises: 0010_summaries
Create Date: 2026-11-23 16:30:00

"""
from alembic import op


# revision identifiers, used by Alembic.
revision = '0011_indexes'
down_revision = '0010_summaries'
branch_labels = None
depends_on = None


def upgrade():
    op.create_index('ix_match_seats_player', 'match_seats', ['player_id', 'match_id'], unique=False)
    op.create_index('ix_player_summaries_span', 'player_summaries', ['span', 'start'], unique=False)


def downgrade():
    op.drop_index('ix_player_summaries_span', table_name='player_summaries')
    op.drop_index('ix_match_seats_player', table_name='match_seats')
