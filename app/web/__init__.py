"""HTTP only: create_app builds the app (the composition root); nothing happens at import time.

Rule: web is HTTP only. A route calls a use case (app.practice) or a room below and renders
what comes back; it imports every room below but cli, and nothing below imports web.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
import torch
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from app import practice
from app.authoring.archive import MAX_ARCHIVE_BYTES
from app.authoring.published import LiveProblems
from app.bank import Bank
from app.qa import load_deck
from app.sandbox.build import build_pool
from app.sandbox.pool import SandboxPool
from app.settings import BUILTIN_DIR, Settings
from app.store import Store
from app.store.exchange import IMPORT_MAX_BYTES
from app.store.expiry import GuestSweeper
from app.store.identity import Sessions, signing_key
from app.store.quota import QuotaExceeded
from app.store.recovery import Recovery
from app.trusted import runner
from app.trusted.runner import FRESH, load_served
from app.web import docs_site, metrics
from app.web.assets import DynamicResponses, StaticAssets
from app.web.i18n import pick_language
from app.web.identity import IdentityMiddleware
from app.web.limits import InFlightLimit, RequestLimits
from app.web.routes import ROUTERS, authoring
from app.web.security import SecurityHeaders

ROOT = Path(__file__).resolve().parents[2]
log = logging.getLogger("shousi")


def _prepare_and_start(bank: Bank, pool: SandboxPool, stop: threading.Event) -> None:
    """Compute every reference output once, then start the workers.

    A problem whose cases cannot be built is taken out of the bank and reported like a
    broken folder.
    """
    for problem in bank.ordered():
        if stop.is_set():
            return
        try:
            runner.fixed(problem)
        except Exception as exc:  # noqa: BLE001 - a broken problem is reported, not fatal
            log.exception("cases of %s could not be prepared", problem.id)
            bank.problems.pop(problem.id, None)
            bank.errors.append((problem.path, f"cases.py: {type(exc).__name__}: {exc}"))
    pool.start(wait=False)
    FRESH.fill(bank.ordered())  # hidden cases for the first submissions, drawn in the background


def _open_store(settings: Settings) -> Store:
    """The learner-state database, migrated to the newest schema."""
    store = Store.open(settings.data_dir, settings.database_url)
    try:
        store.upgrade()
    except Exception as exc:
        store.close()
        raise RuntimeError(f"the database {store.describe()} could not be opened: {exc}") from exc
    log.info("learner state in %s", store.describe())
    return store


async def _over_quota(request: Request, exc: Exception) -> JSONResponse:
    """A learner over a quota: 429, the limit named in the reader's language."""
    assert isinstance(exc, QuotaExceeded)
    headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after else None
    body = {"detail": exc.say(pick_language(request)), "limit": exc.limit}
    return JSONResponse(body, exc.status, headers=headers)


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the FastAPI app; the problem bank and sandbox pool start in the lifespan."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # The server's own torch work (references, fresh draws) is many small ops: threads
        # would only contend with each other and with the sandbox workers for the cores.
        torch.set_num_threads(1)
        bank = load_served(settings.problem_dirs(), BUILTIN_DIR)
        deck = load_deck(settings.qa_directories())
        for path, error in deck.errors:
            log.warning("Q&A card %s left out: %s", path, error)
        pool = build_pool(settings)
        store = await anyio.to_thread.run_sync(_open_store, settings)
        app.state.store = store
        app.state.sessions = Sessions(store, signing_key(store, settings.secret_key))
        app.state.instance = settings.instance_name()
        recovery = Recovery(
            store, app.state.instance, practice.regrader(bank, pool, settings.queue_seconds)
        )
        recovery.start()
        app.state.guest_sweeper = GuestSweeper(store, settings.guest_idle_days)
        app.state.guest_sweeper.start()
        stop_warming = threading.Event()
        warmer = threading.Thread(
            target=_prepare_and_start, args=(bank, pool, stop_warming), daemon=True
        )
        warmer.start()
        app.state.bank = bank
        app.state.deck = deck
        app.state.pool = pool
        app.state.metrics.watch(pool)
        # Problems instructors published: loaded now and kept in step every few seconds.
        live = LiveProblems(
            store,
            bank,
            Path(settings.data_dir) / "authored",
            builtin=set(bank.problems),
            revalidate=lambda problem_id, archive, sha: authoring.validate_in_background(
                store, problem_id, archive, sha
            ),
        )
        app.state.live = live
        live.start()
        app.state.grading_limiter = anyio.CapacityLimiter(settings.workers + settings.queue_limit)
        app.state.client_load = {}  # gradings in flight, by client address
        log.info(
            "loaded %d problems (%d folders failed); %d sandbox workers starting",
            len(bank.problems),
            len(bank.errors),
            settings.workers,
        )
        try:
            yield
        finally:
            live.stop()
            runner.close()
            recovery.stop()
            app.state.guest_sweeper.stop()
            stop_warming.set()
            warmer.join(timeout=30)
            pool.close()
            store.close()

    app = FastAPI(
        title="Shousi",
        version="0.1.0",
        lifespan=lifespan,
        docs_url="/api/docs",
        openapi_url="/api/openapi.json",
        redoc_url=None,
    )
    app.state.settings = settings
    app.state.metrics = metrics.Metrics()
    app.add_exception_handler(QuotaExceeded, _over_quota)
    app.add_middleware(IdentityMiddleware, secure=settings.cookie_secure)
    app.add_middleware(
        RequestLimits,
        max_body=settings.max_body_kb * 1024,
        larger={
            "/me/import": IMPORT_MAX_BYTES + 65536,
            "/api/me/import": IMPORT_MAX_BYTES,
            **{path: MAX_ARCHIVE_BYTES + 65536 for path in authoring.UPLOAD_PATHS},
        },
    )
    app.add_middleware(DynamicResponses)
    app.add_middleware(InFlightLimit)
    # Outermost: every answer, a 413 or a 403 from the layers inside included, is counted
    # and carries the request's id.
    app.add_middleware(metrics.RequestMiddleware, metrics=app.state.metrics)
    app.add_middleware(SecurityHeaders)  # on every answer, the outer layers' included
    app.state.assets = StaticAssets(ROOT / "static")  # read, hashed and gzipped once, here
    app.mount("/static", app.state.assets, name="static")
    for router in ROUTERS:
        app.include_router(router)
    docs_site.mount_docs(app, settings.docs_dir)
    return app
