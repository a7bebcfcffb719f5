"""The scoring core of Ninety-Nine: standard library only, no web imports.

Where to look: the contract bonus and premiums in ``scoring``, the next trump in ``trump``, games and
match formats in ``match``, every ruleset's facts in ``rulesets``, bid cards in ``bids``, the messages
for bad input in ``validation`` (each a code of ``errors.PROBLEMS`` with its facts), the JSON document in ``document``, the shuffle and deal in ``dealing``.
"""

from .bids import (
    BID_CARDS,
    BID_CARDS_WORDS,
    BID_SIZES,
    MAX_CARD_BID,
    bid_aliases,
    bid_from_cards,
    bid_numbers,
    bid_size,
    bid_values,
    hand_bids,
    is_made,
    possible_bids,
    tricks_against_bid,
)
from .cards import BID_VALUE, JOKER, NO_TRUMP, RANKS, SUIT_NAMES, SUIT_SYMBOLS, parse_bid_card, parse_card, parse_trump, sort_hand
from .dealing import (
    MAX_SEED,
    PILE_SIZE,
    DealtCards,
    PackPreparation,
    deal_cards,
    deal_seed,
    derive_seed,
    game_pile_seed,
    keyed_seed,
    new_seed,
    pack_preparation,
    pile_card,
    pile_order,
    virtual_turn_up,
)
from .diff import GameChange, MatchChange, ScoreDiff, TrumpChange, compare_scores
from .document import FORMAT, parse_match, score, score_document
from .errors import PROBLEMS, MatchError, Problem
from .hands import OffHand, bids_off_hand
from .match import (
    BY_MISSES,
    BY_SUCCESSES,
    CARD,
    FIRST,
    JOKER_CARD,
    KEPT,
    NAMED_BY,
    NINE,
    DealScore,
    Edges,
    GameScore,
    MatchRecord,
    MatchScore,
    NextDeal,
    TrumpWhy,
    dealer_of,
    leader_of,
    pile_card_problem,
    score_match,
)
from .memo import ScoreMemo
from .premiums import PremiumAward, award_premium
from .rules_text import (
    FORMAT_CHOICES,
    NINETY_NINE,
    Aliases,
    MatchFormat,
    Reminders,
    Scoring,
    aliases_of,
    bid_sizes_text,
    bid_values_text,
    format_examples,
    match_format,
    reminders,
    scoring_of,
    widest_aliases,
)
from .rulesets import (
    DEFAULT_OPTIONS,
    DEFAULT_RULESET,
    DUMMY,
    GAME_BONUS,
    GAME_TO,
    LONG,
    MATCH_FORMATS,
    MISSES,
    NAMED,
    NOT_SUPPORTED,
    OPTION_LIMITS,
    PARTNERS,
    PILE,
    RULESETS,
    SELF_PREMIUM,
    STANDARD,
    STREAK,
    SUCCESSES,
    TURN_UP,
    USUAL_RULESETS,
    Ruleset,
    Setup,
    get_ruleset,
    make_setup,
)
from .scoring import (
    CONTRACT,
    EXACT,
    GAVE,
    PAID,
    PREMIUM,
    SIDE_BONUS,
    STREAK_BONUS,
    TRICKS,
    Breakdown,
    DealOutcome,
    Part,
    score_deal,
)
from .trump import TRUMP_BY_COUNT, trump_by_misses, trump_by_successes, trump_of_card
from .validation import DealRecord, Premium

__all__ = [
    # how trump is chosen and how a deal is scored (Ruleset.trump_rule, Ruleset.scoring)
    "DUMMY", "LONG", "MISSES", "NAMED", "PARTNERS", "PILE", "SELF_PREMIUM", "STANDARD", "STREAK", "SUCCESSES",
    "TURN_UP", "BID_CARDS", "BID_CARDS_WORDS", "BID_VALUE", "MAX_SEED", "RANKS", "parse_trump", "TRUMP_BY_COUNT", "dealer_of", "leader_of", "new_seed",
    "trump_by_misses", "trump_by_successes", "trump_of_card",
    "FORMAT", "JOKER", "MATCH_FORMATS", "NOT_SUPPORTED", "NO_TRUMP", "RULESETS", "SUIT_NAMES", "SUIT_SYMBOLS",
    "Breakdown", "DealOutcome", "DealRecord", "DealScore", "DealtCards", "GameScore", "MatchRecord", "MatchError",
    "PROBLEMS", "Problem",
    "MatchScore", "NextDeal", "ScoreMemo", "pile_card_problem", "PackPreparation", "Premium", "PremiumAward", "Ruleset", "Setup",
    "award_premium", "bid_from_cards", "bid_values", "deal_cards", "get_ruleset", "is_made", "make_setup",
    "pack_preparation", "parse_bid_card", "parse_card", "pile_order", "virtual_turn_up", "parse_match", "possible_bids", "score", "score_deal",
    "score_document", "score_match", "sort_hand",
    # which bids a dealt hand allows, and the bids given as numbers that it does not
    "OffHand", "bids_off_hand", "hand_bids",
    # dealing the same cards as the app (card seeds, eighteen's pile)
    "PILE_SIZE", "deal_seed", "derive_seed", "game_pile_seed", "keyed_seed", "pile_card",
    # rule facts and rules text the web layer displays
    "BID_SIZES", "MAX_CARD_BID", "bid_aliases", "bid_numbers", "bid_size", "tricks_against_bid",
    "DEFAULT_OPTIONS", "DEFAULT_RULESET", "GAME_BONUS", "GAME_TO", "OPTION_LIMITS", "USUAL_RULESETS",
    "NINETY_NINE", "Reminders", "bid_sizes_text", "bid_values_text", "reminders",
    # rule facts the web words (rules_text): aliases, a ruleset's scoring, a match's format
    "FORMAT_CHOICES", "Aliases", "MatchFormat", "Scoring", "aliases_of", "format_examples", "match_format", "scoring_of",
    "widest_aliases",
    # a deal's points in parts, why its trump, the rule edges it reached, what an edit changes
    "CONTRACT", "EXACT", "GAVE", "PAID", "PREMIUM", "SIDE_BONUS", "STREAK_BONUS", "TRICKS", "Part",
    "BY_MISSES", "BY_SUCCESSES", "CARD", "FIRST", "JOKER_CARD", "KEPT", "NAMED_BY", "NINE", "TrumpWhy", "Edges",
    "GameChange", "MatchChange", "ScoreDiff", "TrumpChange", "compare_scores",
]
