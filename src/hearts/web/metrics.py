"""Prometheus metrics of the web server (``prometheus-client``), served at ``/metrics``
when ``hearts serve --metrics`` is given (docs/web-server.md lists them).

- ``hearts_http_requests_total{route, method, status}`` and
  ``hearts_http_request_duration_seconds{route, method}`` (a histogram): every HTTP
  answer, by route template (``/api/games/{game_id}/play``; ``/static`` for the page's
  files; ``unmatched`` for paths no route has, and requests refused by a limit before
  routing, so that no client can make labels);
- ``hearts_open_connections``: TCP connections open (HTTP and WebSocket);
- ``hearts_open_websockets``: table sessions open;
- ``hearts_tables_live`` and ``hearts_games_live``: tables and solo games held in
  memory;
- ``hearts_searches{kind, state}``: bots' searches (``kind`` ``play`` for bots' moves,
  ``hint`` for hints) ``waiting`` for a place, ``queued`` for a worker and ``running``;
- ``hearts_refusals_total{reason}``: requests and connections refused by a limit
  (``too_many_connections``, ``wrong_ids``, ``rate_limited``, ``hint_busy``, ``busy``,
  ``seat_sockets``, ``storage_unavailable``, ...);
- ``hearts_storage_available``: 1 while the database answers (0 after its file went
  away or was replaced, or its health query failed).

The numbers are this process's (``REGISTRY``, not prometheus-client's global one).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram
from prometheus_client import generate_latest as _generate
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from .limits import ASGIApp, Message, Receive, Scope, Send

REGISTRY = CollectorRegistry(auto_describe=True)
"""This process's metrics."""

REQUESTS = Counter("hearts_http_requests", "HTTP answers by route, method and status.",
                   ["route", "method", "status"], registry=REGISTRY)
LATENCY = Histogram("hearts_http_request_duration_seconds",
                    "Seconds from a request's start to the end of its answer.",
                    ["route", "method"], registry=REGISTRY,
                    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0))
REFUSALS = Counter("hearts_refusals", "Requests, connections and messages refused by a limit.",
                   ["reason"], registry=REGISTRY)

_gauges: dict[str, Callable[[], float]] = {}
_searches: list[Callable[[], dict[tuple[str, str], int]]] = []


def refused(reason: str) -> None:
    """Count one refusal for ``reason``."""
    REFUSALS.labels(reason).inc()


def gauge(name: str, read: Callable[[], float]) -> None:
    """Report ``read()`` as gauge ``name`` (one of :data:`GAUGES`) at each scrape; a
    later call for the same name replaces the reader (the newest app's)."""
    _gauges[name] = read


def searches(read: Callable[[], dict[tuple[str, str], int]]) -> None:
    """Report ``read()`` (``{(kind, state): n}``) as ``hearts_searches``."""
    _searches[:] = [read]


GAUGES = {
    "hearts_open_connections": "TCP connections open (HTTP and WebSocket).",
    "hearts_open_websockets": "Shared tables' WebSocket sessions open.",
    "hearts_tables_live": "Shared tables held in memory.",
    "hearts_games_live": "Solo games held in memory.",
    "hearts_storage_available": "1 while the database answers, else 0.",
}


class _Live(Collector):
    def collect(self) -> Iterator[GaugeMetricFamily]:
        for name, text in GAUGES.items():
            read = _gauges.get(name)
            if read is not None:
                yield GaugeMetricFamily(name, text, value=float(read()))
        family = GaugeMetricFamily("hearts_searches", "Bots' searches by kind (play, hint) "
                                   "and state (waiting, queued, running).",
                                   labels=["kind", "state"])
        for stats in _searches:
            for (kind, state), n in sorted(stats().items()):
                family.add_metric([kind, state], float(n))
        yield family


REGISTRY.register(_Live())


def exposition() -> tuple[bytes, str]:
    """The metrics in Prometheus's text format, and its content type."""
    return _generate(REGISTRY), CONTENT_TYPE_LATEST


def _route(scope: Scope) -> str:
    route = scope.get("route")
    path = getattr(route, "path", None)
    if isinstance(path, str):
        return path
    if str(scope.get("path", "")).startswith("/static/"):
        return "/static"
    return "unmatched"


class MetricsMiddleware:
    """Count and time every HTTP answer (:data:`REQUESTS`, :data:`LATENCY`) and the
    refusals answered with 429 or 503 (:data:`REFUSALS`, by error code when the answer
    carries one)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = [500]

        async def watch(message: Message) -> None:
            if message["type"] == "http.response.start":
                status[0] = int(message.get("status", 500))
            await send(message)

        try:
            await self.app(scope, receive, watch)
        finally:
            route = _route(scope)
            method = str(scope.get("method", ""))
            REQUESTS.labels(route, method, str(status[0])).inc()
            LATENCY.labels(route, method).observe(time.perf_counter() - start)


def app_metrics(**readers: Callable[[], Any]) -> None:
    """Bind the gauges to an app's parts (``name=reader`` for names in :data:`GAUGES`)."""
    for name, read in readers.items():
        gauge(name, read)


__all__ = ["GAUGES", "LATENCY", "MetricsMiddleware", "REFUSALS", "REGISTRY", "REQUESTS",
           "app_metrics", "exposition", "gauge", "refused", "searches"]
