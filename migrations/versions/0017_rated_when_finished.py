"""Ratings in the order matches finished, a site's rule for what the ladder counts, and a fold
claimed in the database (issue 26).

- ``matches.finished_at``: when a match finished, its place in the ratings' order. For the
  matches finished before this, the best that is known is when they were last changed
  (``updated_at``: the deal that finished them, or a later edit; an import's file time).
- ``matches.left_out_at`` / ``confirmed_at``: the site manager's say over the ladder.
- ``rating_state`` gains the fold's claim (``claimed_by``, ``claimed_until``) and the mark it is
  folding (``folding_at``, ``folding_id``).
- ``rating_steps`` and ``player_ratings`` are made again with ``rated_at`` (the finish time) in
  place of ``played_at``: they are derived, so they start empty and every kind is marked stale
  from the beginning; ``make run``'s set-up step (or the first write) folds them.
- ``site_settings``: settings the site manager chooses on a page.

Revision ID: 0017_rated_when_finished
Revises: 0016_ratings
Create Date: 2026-11-26 18:00:00

"""
from datetime import UTC, datetime

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0017_rated_when_finished'
down_revision = '0016_ratings'
branch_labels = None
depends_on = None

KINDS = ("two", "three", "four", "partners", "five")  # as ratings_fold.KINDS were when this was written
BEGINNING = datetime(1, 1, 1, tzinfo=UTC)


def rating_tables(time_column):
    op.create_table(
        'rating_steps',
        sa.Column('match_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=16), nullable=False),
        sa.Column(time_column, sa.DateTime(timezone=True), nullable=False),
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
    op.create_index('ix_rating_steps_order', 'rating_steps', ['kind', time_column, 'match_id'])
    op.create_index('ix_rating_steps_player', 'rating_steps', ['player_id', 'kind', time_column, 'match_id'])
    op.create_table(
        'player_ratings',
        sa.Column('kind', sa.String(length=16), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('match_id', sa.Integer(), nullable=False),
        sa.Column(time_column, sa.DateTime(timezone=True), nullable=False),
        sa.Column('mu_before', sa.Double(), nullable=False),
        sa.Column('sigma_before', sa.Double(), nullable=False),
        sa.Column('mu', sa.Double(), nullable=False),
        sa.Column('sigma', sa.Double(), nullable=False),
        sa.Column('played', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_player_ratings_player_id_players'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('kind', 'player_id', name=op.f('pk_player_ratings')),
    )


def drop_rating_tables():
    op.drop_index('ix_rating_steps_player', table_name='rating_steps')
    op.drop_index('ix_rating_steps_order', table_name='rating_steps')
    op.drop_table('rating_steps')
    op.drop_table('player_ratings')


def mark_every_kind_stale():
    state = sa.table('rating_state', sa.column('kind', sa.String), sa.column('stale_at', sa.DateTime(timezone=True)),
                     sa.column('stale_id', sa.Integer), sa.column('version', sa.Integer))
    op.execute(sa.delete(state))
    op.bulk_insert(state, [{"kind": kind, "stale_at": BEGINNING, "stale_id": 0, "version": 1} for kind in KINDS])


def upgrade():
    with op.batch_alter_table('matches') as batch_op:
        batch_op.add_column(sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('left_out_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('confirmed_at', sa.DateTime(timezone=True), nullable=True))
    matches = sa.table('matches', sa.column('finished', sa.Boolean), sa.column('updated_at', sa.DateTime(timezone=True)),
                       sa.column('finished_at', sa.DateTime(timezone=True)))
    op.execute(sa.update(matches).where(matches.c.finished.is_(True)).values(finished_at=matches.c.updated_at))
    op.create_index('ix_matches_finished_at', 'matches', ['finished_at', 'id'],
                    sqlite_where=sa.text('finished_at IS NOT NULL'), postgresql_where=sa.text('finished_at IS NOT NULL'))
    op.create_index('ix_matches_left_out', 'matches', ['ruleset'],
                    sqlite_where=sa.text('left_out_at IS NOT NULL'), postgresql_where=sa.text('left_out_at IS NOT NULL'))
    unconfirmed = 'finished_at IS NOT NULL AND confirmed_at IS NULL AND left_out_at IS NULL'
    op.create_index('ix_matches_unconfirmed', 'matches', ['ruleset'],
                    sqlite_where=sa.text(unconfirmed), postgresql_where=sa.text(unconfirmed))
    drop_rating_tables()
    rating_tables('rated_at')
    with op.batch_alter_table('rating_state') as batch_op:
        batch_op.add_column(sa.Column('folding_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('folding_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('claimed_by', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('claimed_until', sa.DateTime(timezone=True), nullable=True))
    mark_every_kind_stale()
    op.create_table(
        'site_settings',
        sa.Column('key', sa.String(length=40), nullable=False),
        sa.Column('value', sa.String(length=200), nullable=False),
        sa.PrimaryKeyConstraint('key', name=op.f('pk_site_settings')),
    )


def downgrade():
    op.drop_table('site_settings')
    with op.batch_alter_table('rating_state') as batch_op:
        batch_op.drop_column('claimed_until')
        batch_op.drop_column('claimed_by')
        batch_op.drop_column('folding_id')
        batch_op.drop_column('folding_at')
    mark_every_kind_stale()
    drop_rating_tables()
    rating_tables('played_at')
    op.drop_index('ix_matches_unconfirmed', table_name='matches')
    op.drop_index('ix_matches_left_out', table_name='matches')
    op.drop_index('ix_matches_finished_at', table_name='matches')
    with op.batch_alter_table('matches') as batch_op:
        batch_op.drop_column('confirmed_at')
        batch_op.drop_column('left_out_at')
        batch_op.drop_column('finished_at')
