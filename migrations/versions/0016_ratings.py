"""Ratings (issue 23): every player's rating after each finished match, per kind of game
(rating_steps), as they stand (player_ratings), and per kind where the stored ratings stop being
right (rating_state). All three are derived from match_results: the migration makes them empty
and marks every kind stale from the first match, and the app folds them on its first start
(``make run``'s set-up step) or at the first write, as it does after any change; until then every
page folds what it shows in memory. The kinds are those the app's ratings_fold names today; a kind
without a row here gets one at its first rated match.

Revision ID: 0016_ratings
Revises: 0015_rematch
Create Date: 2026-11-26 12:00:00

"""
from datetime import UTC, datetime

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0016_ratings'
down_revision = '0015_rematch'
branch_labels = None
depends_on = None

KINDS = ("two", "three", "four", "partners", "five")  # as ratings_fold.KINDS were when this was written
BEGINNING = datetime(1, 1, 1, tzinfo=UTC)


def upgrade():
    op.create_table(
        'rating_steps',
        sa.Column('match_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=16), nullable=False),
        sa.Column('played_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('mu_before', sa.Double(), nullable=False),
        sa.Column('sigma_before', sa.Double(), nullable=False),
        sa.Column('mu', sa.Double(), nullable=False),
        sa.Column('sigma', sa.Double(), nullable=False),
        sa.Column('played', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_rating_steps_match_id_matches'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_rating_steps_player_id_players'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('match_id', 'player_id', name=op.f('pk_rating_steps')),
    )
    op.create_index('ix_rating_steps_order', 'rating_steps', ['kind', 'played_at', 'match_id'])
    op.create_index('ix_rating_steps_player', 'rating_steps', ['player_id', 'kind', 'played_at', 'match_id'])
    op.create_table(
        'player_ratings',
        sa.Column('kind', sa.String(length=16), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('match_id', sa.Integer(), nullable=False),
        sa.Column('played_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('mu_before', sa.Double(), nullable=False),
        sa.Column('sigma_before', sa.Double(), nullable=False),
        sa.Column('mu', sa.Double(), nullable=False),
        sa.Column('sigma', sa.Double(), nullable=False),
        sa.Column('played', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_player_ratings_player_id_players'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('kind', 'player_id', name=op.f('pk_player_ratings')),
    )
    state = op.create_table(
        'rating_state',
        sa.Column('kind', sa.String(length=16), nullable=False),
        sa.Column('stale_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('stale_id', sa.Integer(), nullable=True),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('kind', name=op.f('pk_rating_state')),
    )
    op.bulk_insert(state, [{"kind": kind, "stale_at": BEGINNING, "stale_id": 0, "version": 1} for kind in KINDS])


def downgrade():
    op.drop_table('rating_state')
    op.drop_table('player_ratings')
    op.drop_index('ix_rating_steps_player', table_name='rating_steps')
    op.drop_index('ix_rating_steps_order', table_name='rating_steps')
    op.drop_table('rating_steps')
