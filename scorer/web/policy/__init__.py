"""Who may do what: the scorekeepers' capabilities, the site manager, the passcode, the phone's
name, the security headers and bounded ids. Reads the data layer; never a write or a screen."""
