"""Players, matches with their seats, and deals: the first tables.

A match stores its ruleset and every option in force; a deal stores what was played (bids or
bid cards, tricks, premiums, turned card). The unique (match_id, number) makes a resent deal
form record the deal once.

Revision ID: 0001_first_tables
Revises: 
Create Date: 2026-11-21 22:40:25.096914

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0001_first_tables'
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('matches',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('ruleset', sa.String(length=32), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('first_dealer', sa.Integer(), nullable=False),
    sa.Column('finished', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_matches'))
    )
    op.create_table('players',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('name_key', sa.String(length=40), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_players')),
    sa.UniqueConstraint('name_key', name=op.f('uq_players_name_key'))
    )
    op.create_table('deals',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('bids', sa.JSON(), nullable=False),
    sa.Column('tricks', sa.JSON(), nullable=False),
    sa.Column('premiums', sa.JSON(), nullable=False),
    sa.Column('turn_up', sa.String(length=8), nullable=True),
    sa.Column('trump', sa.String(length=10), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_deals_match_id_matches'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_deals')),
    sa.UniqueConstraint('match_id', 'number', name=op.f('uq_deals_match_id_number'))
    )
    op.create_table('match_seats',
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_match_seats_match_id_matches'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_match_seats_player_id_players')),
    sa.PrimaryKeyConstraint('match_id', 'seat', name=op.f('pk_match_seats')),
    sa.UniqueConstraint('match_id', 'player_id', name=op.f('uq_match_seats_match_id_player_id'))
    )


def downgrade():
    op.drop_table('match_seats')
    op.drop_table('deals')
    op.drop_table('players')
    op.drop_table('matches')
