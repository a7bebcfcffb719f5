"""The watchers' boards say when the scorekeeper's phone holds deals not sent yet (issue 35):
``matches.kept_on_phone`` (how many, as the phone last said) and ``matches.kept_reported_at``.

Revision ID: 0022_kept_on_phone
Revises: 0021_save_keys
Create Date: 2026-11-28 22:10:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0022_kept_on_phone'
down_revision = '0021_save_keys'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('matches') as batch_op:
        batch_op.add_column(sa.Column('kept_on_phone', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('kept_reported_at', sa.DateTime(timezone=True), nullable=True))


def downgrade():
    with op.batch_alter_table('matches') as batch_op:
        batch_op.drop_column('kept_reported_at')
        batch_op.drop_column('kept_on_phone')
