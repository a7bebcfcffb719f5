"""A club night (issue 27): the tables of a deal set (``set_tables``: each match played from a set,
its table number and whether the organiser admitted it), the set's organiser, table code, screen
choice and version (``deal_sets``); the site passcode's known browsers kept on the server
(``known_browsers``) and a known browser's guesses counted wherever they come from
(``sign_in_attempts.known_hash``); one phone, one seat (``seat_holders``: a holder's hash unique
within its match).

The matches already played from a set become its tables in the order they were started, admitted
and open, as they were played before there were organisers; a set made before has no organiser's
phone (its site manager runs it) and gets a table code of its own.

Revision ID: 0018_club_night
Revises: 0017_rated_when_finished
Create Date: 2026-12-01 12:00:00

"""
import secrets
from datetime import UTC, datetime

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0018_club_night'
down_revision = '0017_rated_when_finished'
branch_labels = None
depends_on = None

# As the app writes a table code when this was written (policy/organiser.py): eight of these.
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def upgrade():
    with op.batch_alter_table('deal_sets') as batch_op:
        batch_op.add_column(sa.Column('organiser_hash', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('table_code', sa.String(length=16), nullable=False, server_default=''))
        batch_op.add_column(sa.Column('code_on_screen', sa.Boolean(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('version', sa.Integer(), nullable=False, server_default='0'))
    op.create_table(
        'set_tables',
        sa.Column('match_id', sa.Integer(), nullable=False),
        sa.Column('deal_set_id', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('state', sa.String(length=8), nullable=False),
        sa.Column('changed_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['deal_set_id'], ['deal_sets.id'], name=op.f('fk_set_tables_deal_set_id_deal_sets'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_set_tables_match_id_matches'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('match_id', name=op.f('pk_set_tables')),
        sa.UniqueConstraint('deal_set_id', 'number', name=op.f('uq_set_tables_deal_set_id_number')),
    )
    op.create_index(op.f('ix_set_tables_deal_set_id'), 'set_tables', ['deal_set_id'], unique=False)
    connection = op.get_bind()
    sets = sa.table('deal_sets', sa.column('id', sa.Integer()), sa.column('table_code', sa.String()))
    for (set_id,) in connection.execute(sa.select(sets.c.id)).all():
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(8))
        connection.execute(sets.update().where(sets.c.id == set_id).values(table_code=code))
    cards = sa.table('match_cards', sa.column('match_id', sa.Integer()), sa.column('deal_set_id', sa.Integer()))
    tables = sa.table('set_tables', sa.column('match_id', sa.Integer()), sa.column('deal_set_id', sa.Integer()),
                      sa.column('number', sa.Integer()), sa.column('state', sa.String()),
                      sa.column('changed_at', sa.DateTime(timezone=True)))
    numbers: dict[int, int] = {}
    now = datetime.now(UTC)
    for match_id, set_id in connection.execute(
            sa.select(cards.c.match_id, cards.c.deal_set_id).where(cards.c.deal_set_id.is_not(None))
            .order_by(cards.c.match_id)).all():
        numbers[set_id] = numbers.get(set_id, 0) + 1
        connection.execute(tables.insert().values(match_id=match_id, deal_set_id=set_id, number=numbers[set_id],
                                                  state='open', changed_at=now))

    op.create_table(
        'known_browsers',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('mark', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_known_browsers')),
        sa.UniqueConstraint('token_hash', name=op.f('uq_known_browsers_token_hash')),
    )
    op.create_index(op.f('ix_known_browsers_expires_at'), 'known_browsers', ['expires_at'], unique=False)
    op.add_column('sign_in_attempts', sa.Column('known_hash', sa.String(length=64), nullable=True))
    with op.batch_alter_table('seat_holders') as batch_op:
        batch_op.create_unique_constraint(batch_op.f('uq_seat_holders_match_id_holder_hash'), ['match_id', 'holder_hash'])


def downgrade():
    with op.batch_alter_table('seat_holders') as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_seat_holders_match_id_holder_hash'), type_='unique')
    with op.batch_alter_table('sign_in_attempts') as batch_op:
        batch_op.drop_column('known_hash')
    op.drop_index(op.f('ix_known_browsers_expires_at'), table_name='known_browsers')
    op.drop_table('known_browsers')
    op.drop_index(op.f('ix_set_tables_deal_set_id'), table_name='set_tables')
    op.drop_table('set_tables')
    with op.batch_alter_table('deal_sets') as batch_op:
        batch_op.drop_column('version')
        batch_op.drop_column('code_on_screen')
        batch_op.drop_column('table_code')
        batch_op.drop_column('organiser_hash')
