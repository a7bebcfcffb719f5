"""``python -m scorer``: see scorer.cli."""

import sys

from scorer.cli import main

sys.exit(main())
