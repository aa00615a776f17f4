"""`shousi sandbox`: is this host's sandbox sound? The hostile corpus (app.sandbox.hostile)
graded through a fresh pool exactly as the web app grades, then the host checked after each."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import socket
import tempfile
import time
from pathlib import Path
from typing import Annotated

import typer

from app.judge.grade import grade_submission
from app.sandbox.build import build_pool
from app.sandbox.hostile import (
    CHECK_FIRST_SLOT,
    CheckRow,
    bystander_process,
    check_one,
    corpus,
    host_problem,
    secrecy_attacks,
)
from app.settings import BUILTIN_DIR, Settings
from app.trusted.runner import load_served
from graders.result import GradeResult

sandbox_cli = typer.Typer(help="Inspect the sandbox on this host.", no_args_is_help=True)


def run_check(settings: Settings, *, repeat: int = 0) -> tuple[list[CheckRow], dict, dict]:
    """Run the whole corpus against a fresh two-worker pool built from `settings`."""
    secret = f"selfcheck-{secrets.token_hex(8)}"
    bank = load_served(settings.problem_dirs(), BUILTIN_DIR)
    if bank.get("softmax") is None or bank.get("attention") is None:
        raise RuntimeError("the built-in softmax and attention problems are missing")
    with (
        tempfile.TemporaryDirectory(prefix="shousi-check-") as tmp,
        socket.socket() as listener,
        bystander_process() as bystander,
    ):
        workdir_root = Path(tmp)
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        listener.settimeout(0.2)
        saved = {key: os.environ.get(key) for key in ("TMPDIR", "SHOUSI_CHECK_SECRET")}
        os.environ.update(TMPDIR=tmp, SHOUSI_CHECK_SECRET=secret)
        try:
            # Its own uids, apart from a server's workers that may run on the same host.
            pool = build_pool(settings, size=2, first_slot=CHECK_FIRST_SLOT)
            pool.start()  # the workers inherit TMPDIR and the secret they must not leak
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
        try:
            baseline = {p for p in workdir_root.iterdir() if not p.name.startswith("shousi-")}

            def grade(code: str, problem_id: str = "softmax", mode: str = "submit") -> GradeResult:
                chosen = bank.get(problem_id)
                return grade_submission(problem=chosen, code=code, mode=mode, pool=pool)

            items = corpus(
                root=settings.problem_dirs()[0].parent,
                secret=secret,
                port=listener.getsockname()[1],
                bystander=bystander,
            )
            rows = [
                check_one(
                    item,
                    grade=grade,
                    pool=pool,
                    workdir_root=workdir_root,
                    baseline=baseline,
                    wall_limit=settings.wall_seconds,
                )
                for item in items
            ]
            with contextlib.suppress(TimeoutError):
                listener.accept()
                rows.append(
                    CheckRow(
                        "listener on 127.0.0.1 received nothing",
                        "",
                        "",
                        0.0,
                        "a sandboxed child connected to the listener",
                    )
                )
            repeated: dict = {}
            hidden_only = {h.name for h in secrecy_attacks()}
            if repeat:
                fast = [
                    h
                    for h in items
                    if "time_limit" not in h.verdict
                    and h.name not in ("memory bomb, gradually", "search the disk for references")
                    and h.name not in hidden_only  # their verdict needs the hidden cases
                ]
                started = time.monotonic()
                wrong = None
                for index in range(repeat):
                    item = fast[index % len(fast)]
                    got = grade(item.code, item.problem, "run").verdict.value
                    if got not in item.verdict.split("|") and wrong is None:
                        wrong = f"job {index} ({item.name}) got {got}"
                seconds = time.monotonic() - started
                problem_text = wrong or host_problem(pool, workdir_root, baseline)
                if problem_text is None and pool.ready_workers != pool.size:
                    problem_text = f"only {pool.ready_workers} of {pool.size} workers ready"
                repeated = {"jobs": repeat, "seconds": seconds, "problem": problem_text}
            return rows, pool.layers.to_dict(), repeated
        finally:
            pool.close()


@sandbox_cli.command("check")
def sandbox_check(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    repeat: Annotated[int, typer.Option(help="Then run this many fast hostile jobs.")] = 0,
) -> None:
    """Show the active isolation layers and run the hostile submissions; exit 1 on a failure."""
    rows, layers, repeated = run_check(Settings(), repeat=repeat)
    failed = [row for row in rows if not row.ok]
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "layers": layers,
                    "results": [
                        {
                            "name": r.name,
                            "expected": r.expected,
                            "got": r.got,
                            "seconds": round(r.seconds, 3),
                            "ok": r.ok,
                            "problem": r.problem,
                        }
                        for r in rows
                    ],
                    "repeat": repeated,
                },
                indent=2,
            )
        )
    else:
        for name, state in layers.items():
            typer.echo(f"{name:<9} {'on ' if state['active'] else 'off'}  {state['detail']}")
        typer.echo("")
        for row in rows:
            mark = "ok  " if row.ok else "FAIL"
            typer.echo(
                f"{mark} {row.name:<50} {row.got:<14} {row.seconds:6.2f} s"
                + (f"  {row.problem}" if row.problem else "")
            )
        typer.echo(f"\n{len(rows) - len(failed)} passed, {len(failed)} failed")
        if repeated:
            typer.echo(
                f"{repeated['jobs']} more hostile jobs in {repeated['seconds']:.1f} s: "
                f"{repeated['problem'] or 'pool healthy, host clean'}"
            )
    bad_repeat = bool(repeated and repeated["problem"])
    raise typer.Exit(1 if failed or bad_repeat else 0)
