"""The cards: the app turning or dealing them, each player's private hand, packs, duplicate deal sets."""
