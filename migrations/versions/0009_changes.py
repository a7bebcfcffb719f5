"""Nothing lost: the append-only ``changes`` table (every save, edit and delete of a deal, rename,
seat hand-over and match deletion, with when and which phone) and ``matches.deleted_at`` (a
deleted match is kept 30 days on the *Recently deleted* page).

``deleted_at`` is a plain nullable column added in place (SQLite need not rebuild ``matches``,
whose rebuild would cascade to every deal). ``changes.match_id`` has no foreign key: the history
of a match outlives its purge.

Revision ID: 0009_changes
Revises: 0007_runs_per_game
Create Date: 2026-11-23 13:40:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0009_changes'
down_revision = '0008_keepers'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('changes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=True),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('device', sa.String(length=30), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('deal', sa.Integer(), nullable=True),
    sa.Column('before', sa.JSON(), nullable=True),
    sa.Column('after', sa.JSON(), nullable=True),
    sa.Column('undoes', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['undoes'], ['changes.id'], name=op.f('fk_changes_undoes_changes')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_changes'))
    )
    op.create_index(op.f('ix_changes_match_id'), 'changes', ['match_id'], unique=False)
    op.add_column('matches', sa.Column('deleted_at', sa.DateTime(timezone=True), nullable=True))
    op.create_index('ix_matches_deleted_at', 'matches', ['deleted_at'], unique=False,
                    sqlite_where=sa.text('deleted_at IS NOT NULL'), postgresql_where=sa.text('deleted_at IS NOT NULL'))


def downgrade():
    # Deleted matches would come back as live ones: purge them first, as the app would.
    op.execute("DELETE FROM matches WHERE deleted_at IS NOT NULL")
    op.drop_index('ix_matches_deleted_at', table_name='matches')
    op.drop_column('matches', 'deleted_at')
    op.drop_index(op.f('ix_changes_match_id'), table_name='changes')
    op.drop_table('changes')
