"""The results cache behind the statistics: seat_results (per deal and seat) and match_results
(per match and player), filled here for the matches already stored.

The rows are the core's score of each match (scorer.web.results.rows_for, the same function the
app calls on every change); ``flask --app scorer stats rebuild`` rewrites them at any time.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21 22:52:15.985003

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0002_results'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    match_results = op.create_table('match_results',
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('ruleset', sa.String(length=32), nullable=False),
    sa.Column('played_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('unit', sa.Integer(), nullable=False),
    sa.Column('deals', sa.Integer(), nullable=False),
    sa.Column('finished', sa.Boolean(), nullable=False),
    sa.Column('won', sa.Boolean(), nullable=False),
    sa.Column('games_played', sa.Integer(), nullable=False),
    sa.Column('games_won', sa.Integer(), nullable=False),
    sa.Column('grand_total', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_match_results_match_id_matches'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_match_results_player_id_players')),
    sa.PrimaryKeyConstraint('match_id', 'seat', name=op.f('pk_match_results'))
    )
    with op.batch_alter_table('match_results', schema=None) as batch_op:
        batch_op.create_index('ix_match_results_player', ['player_id', 'played_at'], unique=False)

    seat_results = op.create_table('seat_results',
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('deal', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=True),
    sa.Column('ruleset', sa.String(length=32), nullable=False),
    sa.Column('played_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('game', sa.Integer(), nullable=False),
    sa.Column('unit', sa.Integer(), nullable=False),
    sa.Column('dealer', sa.Boolean(), nullable=False),
    sa.Column('bid', sa.Integer(), nullable=True),
    sa.Column('bid_size', sa.Integer(), nullable=True),
    sa.Column('tricks', sa.Integer(), nullable=False),
    sa.Column('made', sa.Boolean(), nullable=False),
    sa.Column('run', sa.Integer(), nullable=False),
    sa.Column('over', sa.Integer(), nullable=True),
    sa.Column('points', sa.Integer(), nullable=False),
    sa.Column('total', sa.Integer(), nullable=False),
    sa.Column('premium', sa.String(length=8), nullable=True),
    sa.Column('premium_made', sa.Boolean(), nullable=True),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_seat_results_match_id_matches'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_seat_results_player_id_players')),
    sa.PrimaryKeyConstraint('match_id', 'deal', 'seat', name=op.f('pk_seat_results'))
    )
    with op.batch_alter_table('seat_results', schema=None) as batch_op:
        batch_op.create_index('ix_seat_results_player', ['player_id', 'played_at'], unique=False)
        batch_op.create_index('ix_seat_results_ruleset', ['ruleset', 'played_at'], unique=False)

    fill(seat_results, match_results)


def fill(seat_results, match_results):
    """Score every stored match with the core and write its rows; a match that no longer passes
    the core's checks is left out (its scoreboard says why)."""
    from scorer.core import MatchError, score
    from scorer.web.records.results import as_utc, rows_for

    bind = op.get_bind()
    matches = sa.table('matches', sa.column('id', sa.Integer), sa.column('ruleset', sa.String),
                       sa.column('options', sa.JSON), sa.column('first_dealer', sa.Integer),
                       sa.column('created_at', sa.DateTime(timezone=True)))
    seats = sa.table('match_seats', sa.column('match_id', sa.Integer), sa.column('seat', sa.Integer),
                     sa.column('player_id', sa.Integer))
    players = sa.table('players', sa.column('id', sa.Integer), sa.column('name', sa.String))
    deals = sa.table('deals', sa.column('match_id', sa.Integer), sa.column('number', sa.Integer),
                     sa.column('bids', sa.JSON), sa.column('tricks', sa.JSON), sa.column('premiums', sa.JSON),
                     sa.column('turn_up', sa.String), sa.column('trump', sa.String))
    for match in bind.execute(sa.select(matches).order_by(matches.c.id)).all():
        seated = bind.execute(
            sa.select(seats.c.player_id, players.c.name).join(players, players.c.id == seats.c.player_id)
            .where(seats.c.match_id == match.id).order_by(seats.c.seat)).all()
        played = []
        for deal in bind.execute(sa.select(deals).where(deals.c.match_id == match.id).order_by(deals.c.number)):
            entry = {'bids': deal.bids, 'tricks': deal.tricks, 'premiums': deal.premiums or []}
            if deal.turn_up is not None:
                entry['turn_up'] = deal.turn_up
            if deal.trump is not None:
                entry['trump'] = deal.trump
            played.append(entry)
        document = {'format': 'ninety-nine/1', 'ruleset': match.ruleset, 'options': dict(match.options),
                    'players': [name for _, name in seated], 'first_dealer': match.first_dealer, 'deals': played}
        try:
            _, scored = score(document)
        except MatchError:
            continue
        seat_rows, match_rows = rows_for(match.id, document, scored, [player_id for player_id, _ in seated],
                                         as_utc(match.created_at))
        if seat_rows:
            op.bulk_insert(seat_results, seat_rows)
        op.bulk_insert(match_results, match_rows)


def downgrade():
    with op.batch_alter_table('seat_results', schema=None) as batch_op:
        batch_op.drop_index('ix_seat_results_ruleset')
        batch_op.drop_index('ix_seat_results_player')

    op.drop_table('seat_results')
    with op.batch_alter_table('match_results', schema=None) as batch_op:
        batch_op.drop_index('ix_match_results_player')

    op.drop_table('match_results')
