"""The `shousi` command: grade a file and serve the app here, and one module per command group
(problems, sandbox, qa, db, users).

Rule: cli is the top floor: it may import anything; nothing imports it but app.__main__.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from app.cli.db import db_cli
from app.cli.exits import USAGE_ERROR
from app.cli.problems import problems_cli
from app.cli.qa import qa_cli
from app.cli.sandbox import sandbox_cli
from app.cli.users import users_cli
from app.settings import Settings
from graders.text import in_lang

cli = typer.Typer(
    help="Shousi: hand-write Transformer code, graded in a sandbox.",
    no_args_is_help=True,
    add_completion=False,
)
cli.add_typer(problems_cli, name="problems")
cli.add_typer(sandbox_cli, name="sandbox")
cli.add_typer(qa_cli, name="qa")
cli.add_typer(db_cli, name="db")
cli.add_typer(users_cli, name="users")


@cli.command()
def grade(
    problem_id: Annotated[str, typer.Argument(help="Problem id, e.g. attention.")],
    file: Annotated[Path, typer.Argument(help="Python file with your solution.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result document.")] = False,
    mode: Annotated[str, typer.Option(help="'submit' (all cases) or 'run' (samples).")] = "submit",
    lang: Annotated[str, typer.Option(help="Language of the messages: 'en' or 'zh'.")] = "en",
) -> None:
    """Grade FILE exactly as the web app does; exit 0 accepted, 1 not accepted, 2 usage."""
    from app.judge.grade import grade_submission
    from app.sandbox.build import SandboxUnavailable, build_pool
    from app.sandbox.pool import WORKER_START_SECONDS, SandboxBusy, SandboxFailure
    from app.settings import BUILTIN_DIR
    from app.trusted.runner import load_served

    if mode not in ("run", "submit"):
        raise typer.BadParameter("mode must be 'run' or 'submit'", param_hint="--mode")
    if lang not in ("en", "zh"):
        raise typer.BadParameter("lang must be 'en' or 'zh'", param_hint="--lang")
    settings = Settings()
    # The worker imports torch while this process loads the bank: the two overlap.
    try:
        pool = build_pool(settings, size=1)
    except SandboxUnavailable as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(USAGE_ERROR) from None
    pool.start(wait=False)
    try:
        problem = load_served(settings.problem_dirs(), BUILTIN_DIR).get(problem_id)
        if problem is None:
            typer.echo(f"unknown problem {problem_id!r}; see `shousi problems list`", err=True)
            raise typer.Exit(USAGE_ERROR)
        try:
            code = file.read_bytes().decode("utf-8")
        except OSError as exc:
            typer.echo(f"cannot read {file}: {exc.strerror}", err=True)
            raise typer.Exit(USAGE_ERROR) from None
        except UnicodeDecodeError:
            typer.echo(f"{file} is not UTF-8 text", err=True)
            raise typer.Exit(USAGE_ERROR) from None
        try:
            result = grade_submission(
                problem=problem, code=code, mode=mode, pool=pool, wait_seconds=WORKER_START_SECONDS
            )
        except (SandboxBusy, SandboxFailure) as exc:
            typer.echo(f"the grader failed: {exc}", err=True)
            raise typer.Exit(1) from None
    finally:
        pool.close()
    if as_json:
        typer.echo(json.dumps(result.to_dict(lang), ensure_ascii=False, indent=2))
    else:
        _print_result(result, lang)
    raise typer.Exit(0 if result.accepted else 1)


def _print_result(result, lang: str) -> None:  # noqa: ANN001
    """One line per case; the words in `lang`, the verdict, markers and kinds as they are."""
    zh = lang == "zh"
    passed, total, ms = sum(c.passed for c in result.cases), len(result.cases), result.duration_ms
    counts = (
        f"（通过 {passed}/{total} 个用例，用时 {ms} ms）"
        if zh
        else f"  ({passed}/{total} cases, {ms} ms)"
    )
    typer.echo(f"{result.problem}: {result.verdict.value}{counts}")
    if result.message and not result.cases:
        typer.echo(f"  {in_lang(result.message, lang)}")
    hidden = "（隐藏）" if zh else " (hidden)"
    for case in result.cases:
        mark = "ok  " if case.passed else f"FAIL [{case.kind}]"
        label = case.name + hidden if case.hidden else case.name
        typer.echo(f"  {mark} {label}: {in_lang(case.message, lang)}")
        if case.details.get("traceback"):
            typer.echo(
                "\n".join("       " + line for line in case.details["traceback"].splitlines())
            )
    diagnosis = "诊断" if zh else "diagnosis"
    for detail in result.to_dict(lang)["diagnosis_details"]:
        typer.echo(f"  {diagnosis}: {detail['tag']}: {detail[lang]}")


@cli.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Bind address (default SHOUSI_HOST).")] = None,
    port: Annotated[int | None, typer.Option(help="Port (default SHOUSI_PORT).")] = None,
) -> None:
    """Start the web app."""
    import uvicorn

    from app.web import create_app
    from app.web.limits import server_options
    from app.web.metrics import configure_logging

    settings = Settings()
    updates = {k: v for k, v in {"host": host, "port": port}.items() if v is not None}
    settings = settings.model_copy(update=updates)
    # Our own loggers (problem bank, sandbox layers) and uvicorn's, with request ids.
    configure_logging(settings.log_level, settings.log_format)
    uvicorn.run(create_app(settings), **server_options(settings))


def main() -> None:
    """Console-script entry point."""
    cli()
