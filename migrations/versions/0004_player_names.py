"""Player names in one normal form, players whose names now coincide merged, and each match's
content hash (how an import recognises a match already here).

- Every stored name is made what the app now stores (scorer/web/names.py): NFKC with its spaces
  tidied, control, formatting and invisible characters dropped (a name left empty becomes
  "Player <id>"), its key NFKC_Casefold.
- Players whose keys now coincide ("Zoë" typed in NFC and in NFD, "Ann" and "Ann" + U+200B) are
  merged into the oldest (lowest id): their seats and their rows in the results cache move to it,
  so every match is kept and the statistics add up. Two such players who sat in the same match
  cannot become one (a player has one seat per match): the later one keeps a distinct name,
  "<name> (2)", and is left for a person to rename.
- ``matches.content_hash`` (indexed) is added and filled. The fingerprint is computed here by a
  frozen copy of ``scorer.web.documents.content_hash`` (migrations never import app code);
  tests/web/test_names_migration.py checks that both agree.

Names cannot be split again: the downgrade only drops the column.

Revision ID: 0004_player_names
Revises: 0003_dealt_cards
"""
import hashlib
import json
import unicodedata

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0004_player_names'
down_revision = '0003_dealt_cards'
branch_labels = None
depends_on = None

INVISIBLE = {0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180E, 0x180F,
             0x2800, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)}
REFUSED = {"Cc", "Cf", "Cn", "Co", "Cs"}

players = sa.table("players", sa.column("id", sa.Integer), sa.column("name", sa.String),
                   sa.column("name_key", sa.String))
match_seats = sa.table("match_seats", sa.column("match_id", sa.Integer), sa.column("seat", sa.Integer),
                       sa.column("player_id", sa.Integer))
seat_results = sa.table("seat_results", sa.column("player_id", sa.Integer))
match_results = sa.table("match_results", sa.column("player_id", sa.Integer))
matches = sa.table("matches", sa.column("id", sa.Integer), sa.column("ruleset", sa.String),
                   sa.column("options", sa.JSON), sa.column("first_dealer", sa.Integer),
                   sa.column("content_hash", sa.String))
match_cards = sa.table("match_cards", sa.column("match_id", sa.Integer), sa.column("mode", sa.String))
deals = sa.table("deals", sa.column("match_id", sa.Integer), sa.column("number", sa.Integer),
                 sa.column("bids", sa.JSON), sa.column("tricks", sa.JSON), sa.column("premiums", sa.JSON),
                 sa.column("turn_up", sa.String), sa.column("trump", sa.String))


def tidy(text):
    text = unicodedata.normalize("NFKC", text)
    text = "".join(c for c in text if unicodedata.category(c) not in REFUSED and ord(c) not in INVISIBLE)
    return " ".join(text.split())[:40]


def key(name):
    return unicodedata.normalize("NFKC", name.casefold())


def content_hash(ruleset, options, first_dealer, cards, played):
    entries = []
    for deal in played:
        entry = {"bids": deal["bids"], "tricks": deal["tricks"], "premiums": deal["premiums"] or []}
        entry.update({k: deal[k] for k in ("turn_up", "trump") if deal[k] is not None})
        entries.append(entry)
    canonical = json.dumps({"ruleset": ruleset, "options": options, "first_dealer": first_dealer, "cards": cards,
                            "deals": entries}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def merge_players(bind):
    rows = bind.execute(sa.select(players.c.id, players.c.name).order_by(players.c.id)).all()
    wanted = {}
    for player_id, name in rows:
        new = tidy(name) or f"Player {player_id}"
        wanted[player_id] = new
    # Out of the way first: a new key may be an old key of another player.
    for player_id, _ in rows:
        bind.execute(players.update().where(players.c.id == player_id).values(name_key=f"\x1f{player_id}"))
    seats_of = {}
    for match_id, player_id in bind.execute(sa.select(match_seats.c.match_id, match_seats.c.player_id)):
        seats_of.setdefault(player_id, set()).add(match_id)
    taken = {}  # key -> surviving player id
    for player_id, _ in rows:
        name = wanted[player_id]
        survivor = taken.get(key(name))
        if survivor is not None and not (seats_of.get(survivor, set()) & seats_of.get(player_id, set())):
            for table in (match_seats, seat_results, match_results):
                bind.execute(table.update().where(table.c.player_id == player_id).values(player_id=survivor))
            seats_of[survivor] = seats_of.get(survivor, set()) | seats_of.pop(player_id, set())
            bind.execute(players.delete().where(players.c.id == player_id))
            continue
        number = 2
        while key(name) in taken:  # sat in a match with its namesake: kept apart, told apart
            name = f"{wanted[player_id][:35]} ({number})"
            number += 1
        taken[key(name)] = player_id
        bind.execute(players.update().where(players.c.id == player_id).values(name=name, name_key=key(name)))


def fill_hashes(bind):
    modes = dict(bind.execute(sa.select(match_cards.c.match_id, match_cards.c.mode)).all())
    for match_id, ruleset, options, first_dealer in bind.execute(
            sa.select(matches.c.id, matches.c.ruleset, matches.c.options, matches.c.first_dealer)).all():
        played = bind.execute(sa.select(deals.c.bids, deals.c.tricks, deals.c.premiums, deals.c.turn_up, deals.c.trump)
                              .where(deals.c.match_id == match_id).order_by(deals.c.number)).mappings().all()
        fingerprint = content_hash(ruleset, dict(options), first_dealer, modes.get(match_id, "table"), played)
        bind.execute(matches.update().where(matches.c.id == match_id).values(content_hash=fingerprint))


def upgrade():
    # A plain ADD COLUMN (no batch): on SQLite a batch would rebuild ``matches``, and dropping the
    # old table would cascade to every deal.
    op.add_column('matches', sa.Column('content_hash', sa.String(length=64), nullable=True))
    op.create_index(op.f('ix_matches_content_hash'), 'matches', ['content_hash'], unique=False)
    bind = op.get_bind()
    merge_players(bind)
    fill_hashes(bind)


def downgrade():
    op.drop_index(op.f('ix_matches_content_hash'), table_name='matches')
    op.drop_column('matches', 'content_hash')  # no batch: rebuilding ``matches`` would cascade
