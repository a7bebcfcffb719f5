"""Every change a person can make, one plain function each: record, edit and delete a deal, undo a
change, start a match and its rematch, delete and restore a match, import, take and hand over a
seat, show bid cards, rename a player, join, take over and revoke a scorekeeper.

Each takes plain arguments (ids, the figures, the phone's name: never a request or a form), takes
the match's lock (``unit.match_write``), reads the match again, decides from what is stored now,
scores with the core, writes, records the change and commits once. A refusal is one of the typed
exceptions of ``problems`` (``Refused``, ``OutOfDate``, ``Busy``, ``Gone``), which roll everything
back; the app's error handler (``scorer/web/errors.py``) turns one a view does not catch into a
page with the right status. Nothing here reads a request: the functions are tested without HTTP
(tests/writes).
"""
