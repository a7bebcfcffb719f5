"""Playing a match: starting it, recording and editing deals, the scoreboard, sharing it with
other phones, the big screen and the home screen.

One blueprint, ``play``, for the package (its endpoints ``play.scoreboard``, ``play.new_deal``...);
its routes are in the modules, which it imports (as microblog's packages do; the blueprint
itself is in ``blueprint.py``, so that no import goes round in a cycle)."""

from __future__ import annotations

# The modules with routes: each adds its own to ``bp`` as it is imported.
from scorer.web.play import deals, home, live, matches, screen, share  # noqa: F401
from scorer.web.play.blueprint import bp  # noqa: F401  (what the factory registers)
