"""The revisions of the game database's schema, oldest first (see :mod:`hearts.web.schema`)."""
