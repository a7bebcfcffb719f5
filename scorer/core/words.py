"""Marking the core's fixed English (a ruleset's summary, a pack's note) for translation.

The core never builds a sentence for a screen: it states facts, and the web words them. A few
texts of the core are fixed, with no figure filled in; ``N_`` marks them, ``make
translations-extract`` reads them from the core (babel.cfg), and the web shows each through
``gettext``, so that it reads in the phone's language. The command line and the JSON keep the
English as it is.
"""

from __future__ import annotations


def N_(text: str) -> str:
    """``text`` as it is: marks a fixed English text of the core for the web to translate."""
    return text
