"""Scorekeepers, more than one per match (``match_keepers``), and the site passcode's failed
sign-ins (``sign_in_attempts``, the rate limit every app process shares).

The one keeper a match had (``matches.keeper_hash``) becomes its first ``match_keepers`` row, so
the phone that started it stays its scorekeeper. The column itself is kept (no longer read).

Revision ID: 0008_keepers
Revises: 0007_runs_per_game
Create Date: 2026-11-23 13:40:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0008_keepers'
down_revision = '0007_runs_per_game'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'match_keepers',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('match_id', sa.Integer(), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('label', sa.String(length=60), nullable=False),
        sa.Column('invite_nonce', sa.String(length=32), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('revoked_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_match_keepers_match_id_matches'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_match_keepers')),
        sa.UniqueConstraint('token_hash', name=op.f('uq_match_keepers_token_hash')),
    )
    op.create_index(op.f('ix_match_keepers_match_id'), 'match_keepers', ['match_id'], unique=False)
    op.create_table(
        'sign_in_attempts',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('address', sa.String(length=64), nullable=False),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_sign_in_attempts')),
    )
    op.create_index('ix_sign_in_attempts_address_at', 'sign_in_attempts', ['address', 'at'], unique=False)
    op.execute(sa.text(
        "INSERT INTO match_keepers (match_id, token_hash, label, invite_nonce, created_at) "
        "SELECT id, keeper_hash, 'The phone that started it', substr(keeper_hash, 1, 32), created_at FROM matches "
        "WHERE keeper_hash IS NOT NULL"))


def downgrade():
    # The first live keeper of each match goes back into keeper_hash; the others are lost.
    op.execute(sa.text(
        "UPDATE matches SET keeper_hash = (SELECT token_hash FROM match_keepers k WHERE k.match_id = matches.id "
        "AND k.revoked_at IS NULL ORDER BY k.id LIMIT 1)"))
    op.drop_index('ix_sign_in_attempts_address_at', table_name='sign_in_attempts')
    op.drop_table('sign_in_attempts')
    op.drop_index(op.f('ix_match_keepers_match_id'), table_name='match_keepers')
    op.drop_table('match_keepers')
