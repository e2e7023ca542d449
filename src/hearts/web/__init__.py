"""The web game: a FastAPI server that holds every game, runs the bots and sends the
user (seat 0) only what seat 0 may know.  ``create_app`` builds the app."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi import FastAPI

    from .app import ServerSettings


def create_app(db_url: str | None = None, settings: ServerSettings | None = None,
               redis_url: str | None = None) -> FastAPI:
    """Build the web game's FastAPI app (see :func:`hearts.web.app.create_app`)."""
    from .app import create_app as _create_app

    return _create_app(db_url, settings, redis_url)


__all__ = ["create_app"]
