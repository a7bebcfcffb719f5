"""Every table of the app as a typed SQLAlchemy 2 model, one module per kind of thing stored;
``from scorer.web.data.models import Match`` finds each of them here."""

from scorer.web.data.models.access import KnownBrowser, MatchKeeper, SeedTry, SignInAttempt, SiteSession
from scorer.web.data.models.base import name_key, now_utc
from scorer.web.data.models.cards import DealSet, DealtDeal, HandLink, MatchCards, SeatHolder, SetTable
from scorer.web.data.models.changes import Change, SaveKey
from scorer.web.data.models.matches import Deal, Match, MatchSeat, Player
from scorer.web.data.models.ratings import PlayerRating, RatingState, RatingStep, SiteSetting
from scorer.web.data.models.results import MatchResult, PlayerSummary, SeatResult

__all__ = ["Change", "Deal", "DealSet", "DealtDeal", "HandLink", "KnownBrowser", "Match", "MatchCards", "MatchKeeper",
           "MatchResult", "MatchSeat", "Player", "PlayerRating", "PlayerSummary", "RatingState", "RatingStep", "SaveKey", "SeatHolder",
           "SeatResult", "SeedTry", "SetTable", "SignInAttempt", "SiteSession", "SiteSetting", "name_key", "now_utc"]
