"""`/metrics` in the Prometheus text format, and request ids for the logs.

Each app has its own registry (tests build many apps in one process). A replica reports
only itself: Prometheus scrapes each replica, and sums across them.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import time
import uuid
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.sandbox.isolation import LAYERS

REQUEST_ID = contextvars.ContextVar("request_id", default="-")
# A proxy's id is kept when it looks like one; anything else is replaced, not echoed.
_GOOD_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
# Gradings take from a few ms (a rejection) to the wall limit (seconds).
LATENCY_BUCKETS = (0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30)


class Metrics:
    """The app's metrics: grading latency, HTTP answers by status, and live pool figures."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.grading = Histogram(
            "shousi_grading_seconds",
            "Time to grade a submission or a custom run, from queueing to verdict.",
            ["problem", "verdict"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.responses = Counter(
            "shousi_http_responses",
            "HTTP responses by status code (429 and 503 are overload answers).",
            ["status"],
            registry=self.registry,
        )
        self.pool: Any = None

    def watch(self, pool: Any) -> None:
        """Report this sandbox pool's queue, workers and layers at every scrape."""
        self.pool = pool
        self.registry.register(_PoolCollector(self))

    def observe(self, problem: str, verdict: str, seconds: float) -> None:
        """Count one grading."""
        self.grading.labels(problem, verdict).observe(seconds)


class _PoolCollector:
    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def describe(self) -> list:
        return []  # figures are read at scrape time; nothing to check up front

    def collect(self):  # noqa: ANN201 - a generator of metric families
        pool = self.metrics.pool
        queue = GaugeMetricFamily(
            "shousi_grading_queue_depth", "Gradings waiting for an idle sandbox worker."
        )
        queue.add_metric([], pool.waiting_jobs)
        yield queue
        busy = GaugeMetricFamily("shousi_workers_busy", "Sandbox workers running a job.")
        busy.add_metric([], pool.busy_workers)
        yield busy
        ready = GaugeMetricFamily("shousi_workers_ready", "Sandbox workers idle and warm.")
        ready.add_metric([], pool.ready_workers)
        yield ready
        total = GaugeMetricFamily("shousi_workers", "Sandbox workers configured.")
        total.add_metric([], pool.size)
        yield total
        layers = GaugeMetricFamily(
            "shousi_sandbox_layer_active", "1 if the sandbox layer is on.", labels=["layer"]
        )
        for name in LAYERS:
            layers.add_metric([name], 1.0 if name in pool.layers.active else 0.0)
        yield layers


class RequestMiddleware:
    """Gives every request an id (the proxy's `X-Request-ID` when it is a sane one), echoes
    it on the response, counts responses by status, and logs one access line."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics
        self.access = logging.getLogger("shousi.access")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = dict(scope["headers"]).get(b"x-request-id", b"").decode("latin-1")
        request_id = given if _GOOD_ID.fullmatch(given) else uuid.uuid4().hex
        token = REQUEST_ID.set(request_id)
        started = time.perf_counter()
        status = 500  # what the client gets if the app fails before answering

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = list(message.get("headers", []))
                headers.append((b"x-request-id", request_id.encode()))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            self.metrics.responses.labels(str(status)).inc()
            self.access.info(
                "%s %s %d %.1f ms",
                scope["method"],
                scope["path"],
                status,
                (time.perf_counter() - started) * 1000,
                extra={"status": status},
            )
            REQUEST_ID.reset(token)


class RequestIdFilter(logging.Filter):
    """Puts the current request's id on every log record (`-` outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Always keeps the record."""
        record.request_id = REQUEST_ID.get()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request id (and the error)."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as a JSON line."""
        line = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", REQUEST_ID.get()),
        }
        if getattr(record, "status", None) is not None:
            line["status"] = record.status
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


JsonFormatter.converter = time.gmtime  # the Z above: times are UTC


def configure_logging(level: str, fmt: str) -> None:
    """Our loggers and uvicorn's, as text (`SHOUSI_LOG_FORMAT=text`) or JSON lines."""
    handler = logging.StreamHandler()
    handler.addFilter(RequestIdFilter())
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(
            logging.Formatter("%(levelname)-8s %(name)s: %(message)s [%(request_id)s]")
        )
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    # uvicorn's loggers go through ours; its access log is replaced by shousi.access,
    # which carries the request id.
    for name in ("uvicorn", "uvicorn.error"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
    logging.getLogger("uvicorn.access").disabled = True
