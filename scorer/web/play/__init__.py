"""Playing a match: starting it, recording and editing deals, the scoreboard and the home screen."""
