"""The one base class of the errors the ``hearts`` package raises on purpose.

A program that uses the package as a library can catch :class:`HeartsError` to
handle every refusal the package makes (a bad card, option, deal, action, record,
review question or arena set-up) and let real faults (``TypeError`` from its own
code, ``MemoryError``...) through.  Each subclass keeps the built-in base it had
(most are also ``ValueError``), so existing ``except ValueError`` code still works.

This module is plain Python on purpose: the compiled engine modules subclass it
(exception classes are ordinary Python classes under mypyc), so it needs no build.
"""

from __future__ import annotations

from typing import Any, ClassVar


class HeartsError(Exception):
    """Base of every error the package raises to refuse an input.

    ``reason`` is a short code (``"unknown_card"``, ``"bad_option"``,
    ``"not_in_hand"``, ``"bad_record"``...; each subclass documents its own) and
    ``str(error)`` a sentence for a person.  Subclasses: ``cards.CardError``,
    ``rules.RulesError``, ``deal.DealError``, ``actions.ActionError``,
    ``events.EventError``, ``game.IllegalAction``, ``record.RecordError``,
    ``review.ReviewError``, ``arena.ArenaError``, ``view.ViewError``,
    ``players.UnknownBot`` and ``players.openspiel_ismcts.UnsupportedRules``.

    A subclass names its fixed code as ``default_reason`` (the base sets ``reason``
    from it); one whose code varies sets ``self.reason`` after calling this
    ``__init__``.  (Not a class attribute ``reason`` overridden in each subclass:
    mypyc, which compiles the engine modules, drops a subclass's class-level value
    of an attribute the base declares for instances.)
    """

    reason: str
    default_reason: ClassVar[str] = "error"

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        self.reason = self.default_reason

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as class, sentence and attributes, whatever the subclass's ``__init__``
        takes (the default would call it with the sentence alone): an error raised in a
        worker process (a multiprocessing pool, ``concurrent.futures``) reaches the parent
        whole, ``reason`` and every other attribute included."""
        return (_rebuild, (type(self), self.args, dict(self.__dict__)))


def excerpt(value: object, limit: int = 40) -> str:
    """How a refusal quotes a value it was given: ``repr(value)`` when short, else cut
    to ``limit`` characters (of the string itself for a ``str``) with its length, so a
    100,000-letter card makes a short sentence, not a 100 KB one.  Shared by the
    engine's errors and the web layer's (:mod:`hearts.web.limits`).  ``True``,
    ``False`` and ``None`` are written as JSON writes them (``true``, ``false``,
    ``null``): the values reach the engine from records and the web in JSON, and
    the sentences are read by the people who wrote that JSON.

    >>> excerpt("QS")
    "'QS'"
    >>> excerpt(True), excerpt(None)
    ('true', 'null')
    >>> excerpt("Q" * 50, limit=4)
    "'QQQQ…' (50 characters)"
    >>> excerpt(list(range(30)), limit=10)
    '[0, 1, 2, … (110 characters)'
    """
    if value is None or isinstance(value, bool):
        return "null" if value is None else "true" if value else "false"
    text = value if isinstance(value, str) else repr(value)
    if len(text) <= limit:
        return repr(text) if isinstance(value, str) else text
    cut = text[:limit]
    shown = repr(cut)[:-1] + "…'" if isinstance(value, str) else cut + "…"
    return f"{shown} ({len(text)} characters)"


def _rebuild(cls: type[HeartsError], args: tuple[object, ...],
             state: dict[str, object]) -> HeartsError:
    """The error ``cls`` with ``args`` and attributes ``state``, without calling its
    ``__init__`` (the other half of :meth:`HeartsError.__reduce__`)."""
    error = cls.__new__(cls, *args)
    error.args = args
    for name, value in state.items():  # setattr: a compiled subclass's instance from
        setattr(error, name, value)    # __new__ has no __dict__ until the first one
    return error
