"""Pages of the site as a whole rather than of a match: signing in with the site passcode."""
