"""Pages of the site as a whole rather than of a match: signing in with the site passcode, the
language, this phone's name, and what makes the app installable (manifest, service worker, offline
page).

One blueprint, ``site``, for the package; its routes are in the modules it imports."""

from __future__ import annotations

# The modules with routes: each adds its own to ``bp`` as it is imported.
from scorer.web.site import device, language, pwa, sign_in  # noqa: F401
from scorer.web.site.blueprint import bp  # noqa: F401  (what the factory registers)
