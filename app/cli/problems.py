"""`shousi problems`: list, validate, scaffold and import problem folders, and draft a
form's edit.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from app.cli.exits import USAGE_ERROR
from app.settings import Settings

problems_cli = typer.Typer(help="Inspect the problem bank.", no_args_is_help=True)


@problems_cli.command("list")
def list_problems(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the problems in the bank, and any folder that failed to load."""
    from app.settings import BUILTIN_DIR
    from app.trusted.runner import load_served

    bank = load_served(Settings().problem_dirs(), BUILTIN_DIR)
    rows = [
        {
            "id": p.id,
            "title": p.meta.title.en,
            "difficulty": p.meta.difficulty,
            "framework": p.meta.framework,
            "tags": p.meta.tags,
        }
        for p in bank.ordered()
    ]
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
    else:
        for row in rows:
            typer.echo(
                f"{row['id']:<30} {row['difficulty']:<7} {row['framework']:<6} {row['title']}"
            )
    for folder, reason in bank.errors:
        typer.echo(f"error: {folder}: {reason}", err=True)


@problems_cli.command("validate")
def validate_problems(
    dirs: Annotated[list[Path] | None, typer.Argument(help="Problem directories.")] = None,
    contained: Annotated[
        bool,
        typer.Option(
            "--contained",
            help="Run the problems' own code only in the contained problem host, as the "
            "server does for uploads and SHOUSI_PROBLEMS_DIRS.",
        ),
    ] = False,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            min=1,
            help="Problems validated at once, each in a process with its own "
            "sandbox worker (default: one per CPU core).",
        ),
    ] = None,
    no_cache: Annotated[
        bool,
        typer.Option(
            "--no-cache",
            help="Validate every problem, even one whose passing result is cached "
            "(in $XDG_CACHE_HOME/shousi/validate) for the same folder, code and versions.",
        ),
    ] = False,
) -> None:
    """Check that each problem's reference passes, its starter fails cleanly, and every
    known mistake is caught and named; exit 1 if any problem fails a check."""
    import os

    from app.authoring.validate_cache import default_cache_dir
    from app.authoring.validate_many import BankValidation
    from app.bank import load_bank
    from app.sandbox.build import SandboxUnavailable
    from app.trusted import runner

    settings = Settings()
    load = runner.load_hosted if contained else None
    bank = load_bank(list(dirs) if dirs else settings.problem_dirs(), load=load)
    for folder, reason in bank.errors:
        typer.echo(f"FAIL {folder}: {reason}")
    if not bank.problems and not bank.errors:
        typer.echo("no problem folders (with a problem.toml) found", err=True)
        raise typer.Exit(1)
    printed = []  # what the problems' own code printed: while loading, then validating
    printed.extend(runner.printed(clear=True))
    problems = bank.ordered()
    try:
        validation = BankValidation(
            problems,
            settings=settings,
            jobs=jobs or os.cpu_count() or 1,
            contained=contained,
            cache_dir=None if no_cache else default_cache_dir(),
        )
    except SandboxUnavailable as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(USAGE_ERROR) from None
    reports = []
    try:
        with validation:
            for problem in problems:  # each as soon as it is done, in the bank's order
                report = validation.result(problem.id)
                reports.append(report)
                mark = "ok  " if report.ok else "FAIL"
                cached = " (cached)" if report.cached else ""
                typer.echo(f"{mark} {report.problem_id} ({report.path}){cached}")
                for line in report.problems:
                    typer.echo(f"       problem: {line}")
                for line in report.checks if not report.ok else []:
                    typer.echo(f"       ok: {line}")
                printed.extend(report.printed)
    finally:
        printed.extend(runner.printed())  # what ran here, in this process's own hosts
        runner.close()
    for what, name, text in printed:
        # Labelled and bounded (PRINTED_BYTES a request): never the code's raw output.
        lines, used = [], 0
        for line in text.splitlines():
            if used + len(line) > 400:
                lines.append("…")
                break
            lines.append(line)
            used += len(line)
        typer.echo(f"printed by {name}'s own code ({what}), at most 400 characters:")
        for line in lines:
            typer.echo(f"         | {line}")
    failed = len(bank.errors) + sum(not r.ok for r in reports)
    cached = sum(r.cached for r in reports)
    from_cache = f" ({cached} from the cache)" if cached else ""
    typer.echo(f"\n{len(reports) + len(bank.errors) - failed} valid, {failed} failed{from_cache}")
    raise typer.Exit(1 if failed else 0)


@problems_cli.command("new")
def new_problem(
    problem_id: Annotated[str, typer.Argument(metavar="ID", help="e.g. rms-norm")],
    framework: Annotated[str, typer.Option(help="torch or numpy.")] = "torch",
    kind: Annotated[str, typer.Option(help="function or module (an nn.Module).")] = "function",
    directory: Annotated[
        Path, typer.Option("--dir", help="Where to make the folder ID (default: here).")
    ] = Path("."),
) -> None:
    """Make a problem folder that validates: a TODO reference, a wrong starter, TODO texts."""
    from app.authoring.scaffold import ScaffoldError, scaffold

    try:
        folder = scaffold(directory, problem_id, framework, kind)
    except ScaffoldError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(USAGE_ERROR) from None
    except OSError as exc:
        typer.echo(f"error: {directory}: {exc.strerror or exc}", err=True)
        raise typer.Exit(1) from None
    typer.echo(f"made {folder}")
    typer.echo("next: replace every TODO (reference.py first), then run")
    typer.echo(f"  shousi problems validate {folder}")


@problems_cli.command("form-from")
def form_from(
    changed: Annotated[Path, typer.Argument(help="The form as a whole file (a changed copy).")],
    base: Annotated[
        Path, typer.Option(help="The file it changes: PROBLEM/styles/NAME.py or solution.py.")
    ],
    write: Annotated[
        Path | None, typer.Option("--write", help="Write the edit here instead of printing it.")
    ] = None,
) -> None:
    """Draft a form's .toml edit of BASE from a changed copy: the fewest, smallest
    [[replace]] blocks, each old unique; its first line `# Wrong: ...` becomes why.
    Checked to rebuild CHANGED byte for byte."""
    from app.authoring.forms import FormError, draft, expand

    folder = next((p for p in base.resolve().parents if (p / "problem.toml").is_file()), None)
    if folder is None:
        typer.echo(
            f"error: {base} is not inside a problem folder (none holds it with a problem.toml)",
            err=True,
        )
        raise typer.Exit(USAGE_ERROR)
    try:
        base_text = base.read_text(encoding="utf-8")
        changed_text = changed.read_text(encoding="utf-8")
    except OSError as exc:
        typer.echo(f"error: {exc.filename}: {exc.strerror or exc}", err=True)
        raise typer.Exit(USAGE_ERROR) from None
    base_name = base.resolve().relative_to(folder).as_posix()
    try:
        text = draft(base_text, changed_text, base_name=base_name)
        rebuilt = expand(text, folder=folder, name=str(write or changed))
    except FormError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    if rebuilt != changed_text:
        typer.echo("error: the drafted edit does not rebuild the changed file", err=True)
        raise typer.Exit(1)
    if write is None:
        typer.echo(text, nl=False)
    else:
        write.write_text(text, encoding="utf-8")
        typer.echo(
            f"wrote {write} ({len(text.splitlines())} lines; {changed} has "
            f"{len(changed_text.splitlines())})"
        )


@problems_cli.command("import")
def import_problem(
    archive: Annotated[Path, typer.Argument(help="A problem folder as .zip or .tar.gz.")],
    directory: Annotated[
        Path, typer.Option("--dir", help="Where the problem's folder goes (default: here).")
    ] = Path("."),
    replace: Annotated[
        bool, typer.Option("--replace", help="Replace a folder of the same id.")
    ] = False,
) -> None:
    """Check an archive, validate the problem in a limited process, and only if it is
    valid put its folder in DIR; exit 0 valid, 1 refused or not valid, 2 usage."""
    import tempfile

    from app.authoring.archive import MAX_ARCHIVE_BYTES, ArchiveError, check
    from app.authoring.contained import validate_contained

    try:
        if archive.stat().st_size > MAX_ARCHIVE_BYTES:
            typer.echo(f"refused: the archive is larger than {MAX_ARCHIVE_BYTES >> 20} MiB")
            raise typer.Exit(1)
        unpacked = check(archive.read_bytes())
    except OSError as exc:
        typer.echo(f"error: {archive}: {exc.strerror or exc}", err=True)
        raise typer.Exit(USAGE_ERROR) from None
    except ArchiveError as exc:
        typer.echo(f"refused: {exc}")
        raise typer.Exit(1) from None
    if (directory / unpacked.problem_id).exists() and not replace:
        typer.echo(f"refused: {directory / unpacked.problem_id} exists (--replace to replace it)")
        raise typer.Exit(1)
    typer.echo(f"{unpacked.problem_id}: {len(unpacked.files)} files; validating...")
    with tempfile.TemporaryDirectory(prefix="shousi-import-") as staging:
        report = validate_contained(unpacked.write(Path(staging)))
    typer.echo(report.output.rstrip())
    if not report.ok:
        typer.echo(f"{unpacked.problem_id}: {report.summary()}; nothing was written")
        raise typer.Exit(1)
    try:
        folder = unpacked.write(directory, replace=replace)
    except (OSError, ArchiveError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    typer.echo(f"{unpacked.problem_id}: valid; written to {folder}")
