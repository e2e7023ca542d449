"""Alembic's script folder for the game database (``env.py``, ``versions/``): see
:mod:`hearts.web.schema`, which runs it."""
