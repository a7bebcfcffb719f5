"""Serving the app: static files by hashed name, compression, the PWA files, SQL counts for the
bench, and `make run`'s side (set up the database, serve it, the self-signed certificate)."""
