"""`shousi users`: make accounts and give roles from the command line (the first admin
has no other way in)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from app.cli.db import opened_store

users_cli = typer.Typer(help="Make accounts and give roles.", no_args_is_help=True)
ROLE_HELP = "learner, instructor or admin."


def _password(from_stdin: bool) -> str:
    if from_stdin:
        # One line, for scripts: `printf '%s\n' "$PASSWORD" | shousi users create ...`.
        return sys.stdin.readline().rstrip("\r\n")
    return typer.prompt("Password", hide_input=True, confirmation_prompt=True)


@users_cli.command("create")
def create(
    username: Annotated[str, typer.Argument(help="3–32 letters, digits, '.', '-' or '_'.")],
    role: Annotated[str, typer.Option(help=ROLE_HELP)] = "learner",
    password_stdin: Annotated[
        bool, typer.Option("--password-stdin", help="Read the password from standard input.")
    ] = False,
) -> None:
    """Make an account with a role; the password is asked for twice (hidden)."""
    from app.store.identity import ROLES, AccountError, create_account

    if role not in ROLES:
        raise typer.BadParameter(f"one of {', '.join(ROLES)}", param_hint="--role")
    password = _password(password_stdin)
    with opened_store(migrate=True) as store:
        try:
            create_account(store, username, password, role)
        except AccountError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(1) from None
    typer.echo(f"created {username} ({role})")


@users_cli.command("role")
def role(
    username: Annotated[str, typer.Argument(help="The account.")],
    new_role: Annotated[str, typer.Argument(metavar="ROLE", help=ROLE_HELP)],
) -> None:
    """Give an account another role (takes effect within 10 s on every replica)."""
    from app.store.identity import ROLES, AccountError, set_role

    if new_role not in ROLES:
        raise typer.BadParameter(f"one of {', '.join(ROLES)}", param_hint="ROLE")
    with opened_store(migrate=True) as store:
        try:
            before = set_role(store, username, new_role)
        except AccountError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(1) from None
    typer.echo(f"{username}: {before} -> {new_role}")


@users_cli.command("list")
def list_users() -> None:
    """Every account with its role."""
    from app.store.identity import accounts

    with opened_store(migrate=True) as store:
        rows = accounts(store)
    if not rows:
        typer.echo("no accounts yet")
    for row in rows:
        typer.echo(f"{row['username']:<32} {row['role']:<10} {row['created_at']}")
