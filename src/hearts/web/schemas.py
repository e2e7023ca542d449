"""Request bodies of the web API (pydantic models; FastAPI answers 422 when a body
does not parse as JSON or does not fit these shapes).

Responses are plain dicts built by ``service.state_json`` (the ``State`` object of
``docs/web-api.md``); their shape is documented there.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt


class CreateGame(BaseModel):
    """``POST /api/games``: variant, player count (default: the variant's), option
    overrides, game number (``null``: a fresh random one) and bot level."""

    model_config = ConfigDict(extra="ignore")

    variant: str = Field(default="standard", max_length=40)
    players: StrictInt | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    game: StrictInt | None = None
    level: str | None = Field(default=None, max_length=40)


class PassBody(BaseModel):
    """``POST /api/games/{id}/pass``: the cards seat 0 passes, e.g. ``["QS", "AS", "KS"]``."""

    cards: list[str] = Field(max_length=16)
    version: Annotated[StrictInt, Field(ge=0)] | None = None
    """The State's ``version`` the move answers (optional): another one is refused 409
    ``stale`` (the game moved on in another tab or window)."""


class PlayBody(BaseModel):
    """``POST /api/games/{id}/play``: the card seat 0 plays, e.g. ``"QS"``."""

    card: str = Field(max_length=8)
    version: Annotated[StrictInt, Field(ge=0)] | None = None
    """The State's ``version`` the move answers (optional): another one is refused 409
    ``stale`` (the game moved on in another tab or window)."""


class MoonBody(BaseModel):
    """``POST /api/games/{id}/moon``: how seat 0's moon scores."""

    choice: Literal["add", "subtract"]
    version: Annotated[StrictInt, Field(ge=0)] | None = None
    """The State's ``version`` the move answers (optional): another one is refused 409
    ``stale`` (the game moved on in another tab or window)."""


class DecideBody(BaseModel):
    """``POST /api/games/{id}/decide``: seat 0's answer to a one-value decision, e.g.
    ``{"kind": "bid", "value": 5}``, ``{"kind": "bid", "value": null}`` (no bid),
    ``{"kind": "suit", "value": "S"}``, ``{"kind": "moon", "value": "add"}``,
    ``{"kind": "bid", "value": true}`` (a slam bid)."""

    kind: str = Field(max_length=16)
    value: StrictBool | StrictInt | Annotated[str, Field(max_length=16)] | None = None
    version: Annotated[StrictInt, Field(ge=0)] | None = None
    """The State's ``version`` the move answers (optional): another one is refused 409
    ``stale`` (the game moved on in another tab or window)."""


__all__ = ["CreateGame", "DecideBody", "MoonBody", "PassBody", "PlayBody"]
