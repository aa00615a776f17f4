"""Health: /healthz (alive), /readyz (ready to grade at once), /metrics (Prometheus)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from app.trusted.runner import FRESH
from app.web.deps import (
    BankDep,
    PoolDep,
)

router = APIRouter()


@router.get("/healthz", tags=["api"])
async def healthz(pool: PoolDep, bank: BankDep) -> dict[str, Any]:
    """Liveness and readiness: problems loaded, sandbox workers warm, hidden cases drawn."""
    return {
        "status": "ok",
        "problems": len(bank.problems),
        "problem_errors": len(bank.errors),
        "workers": pool.size,
        "workers_ready": pool.ready_workers,
        "hidden_draws": FRESH.readiness(),
        "sandbox": pool.layers.to_dict(),
    }


@router.get("/readyz", tags=["api"])
async def readyz(request: Request, pool: PoolDep) -> JSONResponse:
    """Start-up is done: a sandbox worker is warm and the first hidden cases are drawn (503
    until then). Once ready, it stays ready: busy workers are load, not a fault."""
    state = request.app.state
    if not getattr(state, "started", False):
        draws = FRESH.readiness()
        state.started = pool.ready_workers >= 1 and draws["ready"] >= draws["wanted"]
        if not state.started:
            body = {"ready": False, "workers_ready": pool.ready_workers, "hidden_draws": draws}
            return JSONResponse(body, status_code=503, headers={"Retry-After": "2"})
    return JSONResponse({"ready": True})


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    """The Prometheus text exposition of this replica's metrics."""
    return Response(
        generate_latest(request.app.state.metrics.registry), media_type=CONTENT_TYPE_LATEST
    )
