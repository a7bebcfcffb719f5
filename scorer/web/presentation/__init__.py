"""How the core's typed results look to a person: the scoreboard's columns and rows, a deal's
breakdown in words, charts, and the formatting of cards, points and times. Pure functions of
typed results and stored rows: they read, never write, and know nothing of requests' roles."""
