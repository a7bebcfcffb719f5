"""The night's frontier (issue 32): what a club night has published is a stored fact that only
moves forward.

- ``deal_sets.published``: how many of the set's deals are published (never lowered by the app);
  ``deal_sets.ended_at``: when the night ended (every deal published, the set's matches counted in
  the statistics and ratings from then on); ``deal_sets.secret``: the set's own key, with which
  its deals are derived from its typed seed (None for a set made before: dealt as it was).
- ``set_tables.vouched``: how many deals, published before the organiser admitted a late table,
  it may still record (the organiser was told its phones may have seen them).
- ``matches.first_finished_at``: when a match first finished, from which a scorekeeper's day of
  rights is counted (a deletion of the last deal and a new finish do not start it again).

Existing sets are given the frontier their tables stand at now (the fewest deals any open,
unfinished table has recorded), and a set whose tables are all over has ended.

Revision ID: 0019_night_frontier
Revises: 0018_club_night
Create Date: 2026-11-28 12:00:00

"""
from datetime import UTC, datetime

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0019_night_frontier'
down_revision = '0018_club_night'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('deal_sets') as batch_op:
        batch_op.add_column(sa.Column('published', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('ended_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('secret', sa.String(length=64), nullable=True))
    with op.batch_alter_table('set_tables') as batch_op:
        batch_op.add_column(sa.Column('vouched', sa.Integer(), nullable=False, server_default='0'))
    with op.batch_alter_table('matches') as batch_op:
        batch_op.add_column(sa.Column('first_finished_at', sa.DateTime(timezone=True), nullable=True))

    connection = op.get_bind()
    matches = sa.table('matches', sa.column('id', sa.Integer()), sa.column('finished', sa.Boolean()),
                       sa.column('finished_at', sa.DateTime(timezone=True)),
                       sa.column('first_finished_at', sa.DateTime(timezone=True)),
                       sa.column('deleted_at', sa.DateTime(timezone=True)))
    connection.execute(matches.update().where(matches.c.finished_at.is_not(None))
                       .values(first_finished_at=matches.c.finished_at))
    sets = sa.table('deal_sets', sa.column('id', sa.Integer()), sa.column('count', sa.Integer()),
                    sa.column('published', sa.Integer()), sa.column('ended_at', sa.DateTime(timezone=True)))
    tables = sa.table('set_tables', sa.column('match_id', sa.Integer()), sa.column('deal_set_id', sa.Integer()),
                      sa.column('state', sa.String()))
    deals = sa.table('deals', sa.column('match_id', sa.Integer()))
    now = datetime.now(UTC)
    for set_id, count in connection.execute(sa.select(sets.c.id, sets.c.count)).all():
        rows = connection.execute(
            sa.select(tables.c.state, matches.c.finished, matches.c.deleted_at,
                      sa.select(sa.func.count()).select_from(deals).where(deals.c.match_id == tables.c.match_id)
                      .scalar_subquery())
            .select_from(tables.join(matches, matches.c.id == tables.c.match_id))
            .where(tables.c.deal_set_id == set_id)).all()
        holding = [n for state, finished, deleted, n in rows if deleted is None and state == 'open' and not finished]
        admitted = [n for state, finished, deleted, n in rows if deleted is None and state in ('open', 'closed')]
        if holding:
            published, ended = min(holding), None
        elif admitted:
            published, ended = count, now
        else:
            published, ended = 0, None
        connection.execute(sets.update().where(sets.c.id == set_id).values(published=min(published, count),
                                                                           ended_at=ended))


def downgrade():
    with op.batch_alter_table('matches') as batch_op:
        batch_op.drop_column('first_finished_at')
    with op.batch_alter_table('set_tables') as batch_op:
        batch_op.drop_column('vouched')
    with op.batch_alter_table('deal_sets') as batch_op:
        batch_op.drop_column('secret')
        batch_op.drop_column('ended_at')
        batch_op.drop_column('published')
