"""The app deals the cards: match_cards (a match's cards mode, seed and duplicate set),
dealt_deals (each deal's cards, made once), hand_links (a private link per seat and deal) and
deal_sets (seeded deals for duplicate play).

New tables only: a match without a match_cards row is dealt at the table, as before. Columns on
``matches`` were avoided on purpose: adding a foreign key there makes SQLite rebuild the table,
and dropping the old one would cascade to every deal and seat.

Revision ID: 0003_dealt_cards
Revises: 0002_results_cache
Create Date: 2026-11-21 23:00:03.431196

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0003_dealt_cards'
down_revision = '0002_results_cache'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('deal_sets',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(length=64), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.Column('ruleset', sa.String(length=32), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.Column('seed', sa.BigInteger(), nullable=False),
    sa.Column('first_dealer', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_deal_sets')),
    sa.UniqueConstraint('key', name=op.f('uq_deal_sets_key'))
    )
    op.create_table('dealt_deals',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('dealer', sa.Integer(), nullable=False),
    sa.Column('seed', sa.BigInteger(), nullable=False),
    sa.Column('hands', sa.JSON(), nullable=True),
    sa.Column('turn_up', sa.String(length=8), nullable=True),
    sa.Column('dummy_bid', sa.JSON(), nullable=True),
    sa.Column('dummy_shown', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_dealt_deals_match_id_matches'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_dealt_deals')),
    sa.UniqueConstraint('match_id', 'number', name=op.f('uq_dealt_deals_match_id_number'))
    )
    op.create_table('match_cards',
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('mode', sa.String(length=8), nullable=False),
    sa.Column('seed', sa.BigInteger(), nullable=True),
    sa.Column('deal_set_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['deal_set_id'], ['deal_sets.id'], name=op.f('fk_match_cards_deal_set_id_deal_sets'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_match_cards_match_id_matches'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('match_id', name=op.f('pk_match_cards'))
    )
    op.create_table('hand_links',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('token', sa.String(length=64), nullable=False),
    sa.Column('dealt_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('shown_bid', sa.JSON(), nullable=True),
    sa.Column('devices', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['dealt_id'], ['dealt_deals.id'], name=op.f('fk_hand_links_dealt_id_dealt_deals'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_hand_links')),
    sa.UniqueConstraint('dealt_id', 'seat', name=op.f('uq_hand_links_dealt_id_seat')),
    sa.UniqueConstraint('token', name=op.f('uq_hand_links_token'))
    )


def downgrade():
    op.drop_table('hand_links')
    op.drop_table('match_cards')
    op.drop_table('dealt_deals')
    op.drop_table('deal_sets')
