"""How to make each ruleset's pack from a standard 52-card one: which cards to take out, which to
add, and which to set aside (the core's ``pack_preparation``, laid out by whole ranks)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import render_template

from scorer.core import RANKS, RULESETS, SUIT_SYMBOLS, PackPreparation, Ruleset, get_ruleset, pack_preparation
from scorer.web.cards.blueprint import bp
from scorer.web.fields import ruleset_badge
from scorer.web.language import gettext
from scorer.web.presentation import rules_words

SUCCESSES = "successes"  # the variant of a ruleset whose trump follows successes (its own pack)


@dataclass(frozen=True)
class CardGroup:
    """Cards to name on the pack page: whole ranks ("2 3 4 5 of every suit") and single cards."""

    ranks: list[str]
    cards: list[str]

    @property
    def size(self) -> int:
        return 4 * len(self.ranks) + len(self.cards)


def card_group(cards: tuple[str, ...]) -> CardGroup:
    whole = [r for r in dict.fromkeys(c[:-1] for c in cards if c != "Joker") if all(r + s in cards for s in SUIT_SYMBOLS)]
    return CardGroup(sorted(whole, key=RANKS.index, reverse=True), [c for c in cards if c[:-1] not in whole])


@dataclass(frozen=True)
class PackLine:
    ruleset: Ruleset
    preparation: PackPreparation
    remove: CardGroup
    add: CardGroup
    aside: CardGroup
    variant: str = ""

    @property
    def anchor(self) -> str:
        """The section's id on the packs page: ``pack-four-solo``, ``pack-four-solo-successes``."""
        return f"pack-{self.ruleset.id}" + ("-successes" if self.variant else "")

    @property
    def variant_words(self) -> str:
        """The variant's words under the ruleset's name: "with trump from successes"."""
        return gettext("with trump from successes") if self.variant == SUCCESSES else ""

    @property
    def badge(self) -> str:
        return ruleset_badge(self.ruleset)

    @property
    def note(self) -> str:
        """How to make the pack, in a sentence in the page's language (the core's facts)."""
        return rules_words.pack_note(self.preparation)


def pack_line(ruleset_id: str, options: dict[str, Any] | None = None, variant: str = "") -> PackLine:
    prep = pack_preparation(ruleset_id, options)
    return PackLine(get_ruleset(ruleset_id), prep, card_group(prep.remove), card_group(prep.add),
                    card_group(prep.aside), variant)


@bp.get("/pack")
def pack() -> str:
    """For every ruleset, which cards to take out of a standard 52-card pack, and what to add."""
    lines = []
    for ruleset in RULESETS.values():
        lines.append(pack_line(ruleset.id))
        if "trump" in ruleset.option_keys:
            lines.append(pack_line(ruleset.id, {"trump": "successes"}, SUCCESSES))
    return render_template("cards/pack.html", lines=lines)
