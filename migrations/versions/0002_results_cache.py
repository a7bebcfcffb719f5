"""The results cache behind the statistics: seat_results (per deal and seat) and match_results
(per match and player), filled here for the matches already stored.

The rows are the core's score of each match, laid out as the tables were at this revision. The
code that lays them out is a frozen copy kept in this file (``rows_for`` below), not the app's:
a migration is history, and a later change to the app or to these tables must not change what
upgrading an old database does. It calls only the scoring core, whose scores are the contract.
``flask --app scorer stats rebuild`` rewrites the rows at any time.

Revision ID: 0002_results_cache
Revises: 0001_first_tables
Create Date: 2026-11-21 22:52:15.985003

"""
from datetime import UTC

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0002_results_cache'
down_revision = '0001_first_tables'
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
    from scorer.core import MatchError, score_document

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
            scored = score_document(document)['scored']
        except MatchError:
            continue
        seat_rows, match_rows = rows_for(match.id, document, scored, [player_id for player_id, _ in seated],
                                         as_utc(match.created_at))
        if seat_rows:
            op.bulk_insert(seat_results, seat_rows)
        op.bulk_insert(match_results, match_rows)


# ---------------------------------------------------------------------------- frozen at this revision
# A copy of the app's rows_for and as_utc as they were when this migration was written: do not
# change it to follow the app. Only the core is called: the score, the ruleset's facts, a bid's values.


def as_utc(value):
    """SQLite hands datetimes back without a zone; the app stores them in UTC."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def rows_for(match_id, document, scored, player_ids, played_at):
    """The ``seat_results`` and ``match_results`` rows of one match, every figure from ``scored``."""
    from scorer.core import bid_values, get_ruleset

    ruleset = get_ruleset(document['ruleset'])

    def unit_of(seat):
        # The scoring unit: the seat, or in a partnership game its side (seats 0+2, 1+3).
        return seat % 2 if ruleset.has_sides else seat

    common = {'match_id': match_id, 'ruleset': ruleset.id, 'played_at': played_at}
    seat_rows = []
    runs = [0] * ruleset.seats  # made bids in a row so far
    for number, (raw, deal) in enumerate(zip(document['deals'], scored['deals'], strict=True), start=1):
        premiums = {p['seat']: p['kind'] for p in raw.get('premiums') or []}
        for seat in range(ruleset.seats):
            unit = unit_of(seat)
            bid, took, made = deal['bids'][seat], raw['tricks'][seat], deal['made'][seat]
            size = over = None
            if bid is not None:
                values = bid_values(bid, ruleset.tricks)
                size = values[0]
                over = took - min(values, key=lambda value: abs(took - value))
            premium = premiums.get(seat)
            runs[seat] = runs[seat] + 1 if made else 0
            seat_rows.append({
                **common, 'deal': number, 'seat': seat, 'game': deal['game'], 'unit': unit,
                'player_id': player_ids[seat] if seat < ruleset.players else None,
                'dealer': deal['dealer'] == seat, 'bid': bid, 'bid_size': size, 'tricks': took, 'made': made,
                'run': runs[seat], 'over': over, 'points': deal['points'][unit], 'total': deal['totals'][unit],
                'premium': premium, 'premium_made': made if premium else None,
            })
    finished_games = [game for game in scored['games'] if game.get('finished')]
    match_rows = []
    for seat in range(ruleset.players):
        unit = unit_of(seat)
        match_rows.append({
            **common, 'seat': seat, 'player_id': player_ids[seat], 'unit': unit,
            'deals': len(scored['deals']), 'finished': scored['finished'],
            'won': scored['finished'] and unit in scored['winners'],
            'games_played': len(finished_games),
            'games_won': sum(1 for game in finished_games if unit in game['winners']),
            'grand_total': scored['grand_totals'][unit],
        })
    return seat_rows, match_rows


def downgrade():
    with op.batch_alter_table('seat_results', schema=None) as batch_op:
        batch_op.drop_index('ix_seat_results_ruleset')
        batch_op.drop_index('ix_seat_results_player')

    op.drop_table('seat_results')
    with op.batch_alter_table('match_results', schema=None) as batch_op:
        batch_op.drop_index('ix_match_results_player')

    op.drop_table('match_results')
