"""Seat names: one name per seat, the same on every screen.

A person's seat is called by the person's display name; a computer's seat by a name
fixed to the seat number (:data:`COMPUTER_NAMES`), so that every viewer of a table,
and every reload, shows the same name for the same seat (a compass name relative to
the viewer would call one seat "North" for one person and "West" for another).
The solo game follows the same rule: seat 0 is the player ("You"), the other seats
are the computers' fixed names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

COMPUTER_NAMES = ("Ada", "Basil", "Cleo", "Dov", "Edie", "Finn", "Gus", "Hana", "Ivo",
                  "Juno", "Kit", "Lou")
"""The name of a computer at seat ``s`` is ``COMPUTER_NAMES[s]`` (twelve: the rules go up
to eleven seats; past the list a seat is ``"Seat s+1"``).  The Japanese page writes them
in katakana (``tb_computer_names`` in ``static/js/i18n-table.js``, in this order)."""

SOLO_NAME = "You"
"""Seat 0's name in the solo game (the player has no display name there)."""


def computer_name(seat: int) -> str:
    """The fixed name of a computer at ``seat`` (0-based)."""
    return COMPUTER_NAMES[seat] if 0 <= seat < len(COMPUTER_NAMES) else f"Seat {seat + 1}"


def seats_json(people: Sequence[str | None]) -> list[dict[str, Any]]:
    """``[{"seat", "name", "bot"}]`` for seats whose person's name is ``people[s]``
    (``None``: a computer plays the seat, called :func:`computer_name`)."""
    return [{"seat": s, "name": p if p is not None else computer_name(s), "bot": p is None}
            for s, p in enumerate(people)]


__all__ = ["COMPUTER_NAMES", "SOLO_NAME", "computer_name", "seats_json"]
