"""Statistics summaries (player_summaries: per player, ruleset, and day or month of the table's
calendar, and all time), filled here from the results cache; and the indexes the home and history pages read
matches in order by.

The summaries are added up from seat_results and match_results by a frozen copy of the app's
arithmetic (``_summarise`` below), not the app's own: a migration is history. Days are cut at
midnight in the app's TIMEZONE (UTC when run without the app); ``flask --app scorer stats
rebuild`` writes them all again at any time, and ``flask --app scorer check`` compares them with
the core's scores.

Revision ID: 0010_summaries
Revises: 0009_changes
Create Date: 2026-11-23 13:30:00

"""
from datetime import UTC, date, datetime

from alembic import op
import sqlalchemy as sa

from scorer.core import RULESETS


# revision identifiers, used by Alembic.
revision = '0010_summaries'
down_revision = '0009_changes'
branch_labels = None
depends_on = None

SUMS = ("deals", "made", "shown", "bid_sum", "over_sum", "declared", "declared_made", "revealed",
        "revealed_made", "matches", "finished", "won", "games", "games_won")


def _zone():
    try:
        from flask import current_app
        return current_app.extensions.get("scorer.timezone", UTC)
    except RuntimeError:  # no app: UTC days
        return UTC


def _empty():
    return {**{name: 0 for name in SUMS}, "longest_run": 0, "best": None, "best_match_id": None,
            "best_deal": None, "best_played_at": None, "by_bid": {}, "rivals": {}}


def _utc(value):
    if isinstance(value, str):  # SQLite, read as text
        value = datetime.fromisoformat(value)
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _take_best(into, other, zone):
    if other["best"] is None:
        return
    key = lambda s: (-s["best"], _utc(s["best_played_at"]).astimezone(zone), s["best_deal"], s["best_match_id"])  # noqa: E731
    if into["best"] is None or key(other) < key(into):
        for name in ("best", "best_match_id", "best_deal", "best_played_at"):
            into[name] = other[name]


def _add(into, other, zone):
    for name in SUMS:
        into[name] += other[name]
    into["longest_run"] = max(into["longest_run"], other["longest_run"])
    _take_best(into, other, zone)
    for field in ("by_bid", "rivals"):
        for key, counts in other[field].items():
            found = into[field].get(key, [0] * len(counts))
            into[field][key] = [a + b for a, b in zip(found, counts, strict=True)]


def _summarise(connection, zone):
    sides = {ruleset.id for ruleset in RULESETS.values() if ruleset.has_sides}
    days = {}

    def bucket(player, ruleset, played_at):
        return days.setdefault((player, ruleset, "day", _utc(played_at).astimezone(zone).date()), _empty())

    for r in connection.execute(sa.text(
            "SELECT match_id, deal, player_id, ruleset, played_at, bid, bid_size, made, run, over, points, "
            "premium, premium_made FROM seat_results WHERE player_id IS NOT NULL")).mappings():
        s = bucket(r["player_id"], r["ruleset"], r["played_at"])
        s["deals"] += 1
        s["made"] += bool(r["made"])
        if r["bid"] is not None:
            s["shown"] += 1
            s["bid_sum"] += r["bid"]
            s["over_sum"] += r["over"]
        kind = {"declare": "declared", "reveal": "revealed"}.get(r["premium"])
        if kind is not None:
            s[kind] += 1
            s[kind + "_made"] += bool(r["premium_made"])
        s["longest_run"] = max(s["longest_run"], r["run"])
        if r["ruleset"] not in sides:
            _take_best(s, {"best": r["points"], "best_match_id": r["match_id"], "best_deal": r["deal"],
                           "best_played_at": _utc(r["played_at"])}, zone)
        counts = s["by_bid"].setdefault("-" if r["bid_size"] is None else str(r["bid_size"]), [0, 0])
        counts[0] += 1
        counts[1] += bool(r["made"])
    by_match = {}
    for r in connection.execute(sa.text(
            "SELECT match_id, player_id, ruleset, played_at, unit, deals, finished, won, games_played, games_won "
            "FROM match_results")).mappings():
        by_match.setdefault(r["match_id"], []).append(r)
    for rows in by_match.values():
        for r in rows:
            if r["deals"] == 0:
                continue
            s = bucket(r["player_id"], r["ruleset"], r["played_at"])
            s["matches"] += 1
            s["finished"] += bool(r["finished"])
            s["won"] += bool(r["won"])
            s["games"] += r["games_played"]
            s["games_won"] += r["games_won"]
            if not r["finished"]:
                continue
            for o in rows:
                if o["player_id"] != r["player_id"]:
                    c = s["rivals"].setdefault(str(o["player_id"]), [0, 0, 0, 0])
                    c[0] += 1
                    c[1] += bool(r["won"] and not o["won"])
                    c[2] += bool(o["won"] and not r["won"])
                    c[3] += r["unit"] == o["unit"]
    found = dict(days)
    for (player, ruleset, _, day), s in days.items():
        _add(found.setdefault((player, ruleset, "month", day.replace(day=1)), _empty()), s, zone)
        _add(found.setdefault((player, ruleset, "all", date.min), _empty()), s, zone)
    return found


def upgrade():
    summaries = op.create_table('player_summaries',
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('ruleset', sa.String(length=32), nullable=False),
    sa.Column('span', sa.String(length=5), nullable=False),
    sa.Column('start', sa.Date(), nullable=False),
    *(sa.Column(name, sa.Integer(), nullable=False) for name in SUMS[:9]),
    sa.Column('longest_run', sa.Integer(), nullable=False),
    sa.Column('best', sa.Integer(), nullable=True),
    sa.Column('best_match_id', sa.Integer(), nullable=True),
    sa.Column('best_deal', sa.Integer(), nullable=True),
    sa.Column('best_played_at', sa.DateTime(timezone=True), nullable=True),
    *(sa.Column(name, sa.Integer(), nullable=False) for name in SUMS[9:]),
    sa.Column('by_bid', sa.JSON(), nullable=False),
    sa.Column('rivals', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_player_summaries_player_id_players'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('player_id', 'ruleset', 'span', 'start', name=op.f('pk_player_summaries'))
    )
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.create_index('ix_matches_created', ['created_at', 'id'], unique=False)
        batch_op.create_index('ix_matches_state_created', ['finished', 'created_at', 'id'], unique=False)
        batch_op.create_index('ix_matches_state', ['finished', 'updated_at', 'id'], unique=False)
    connection = op.get_bind()
    rows = [{"player_id": key[0], "ruleset": key[1], "span": key[2], "start": key[3], **s}
            for key, s in _summarise(connection, _zone()).items()]
    for start in range(0, len(rows), 1000):
        op.bulk_insert(summaries, rows[start:start + 1000])


def downgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.drop_index('ix_matches_state')
        batch_op.drop_index('ix_matches_state_created')
        batch_op.drop_index('ix_matches_created')
    op.drop_table('player_summaries')
