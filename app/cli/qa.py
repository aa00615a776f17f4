"""`shousi qa`: list the interview cards and check them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from app.settings import Settings

qa_cli = typer.Typer(help="Inspect the interview Q&A cards.", no_args_is_help=True)


@qa_cli.command("list")
def list_cards(
    tag: Annotated[str | None, typer.Option(help="Only cards with this tag.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the cards (id, topic, difficulty, question), and any file that failed to load."""
    from app.qa import load_deck

    deck = load_deck(Settings().qa_directories())
    cards = [c for c in deck.ordered() if tag is None or tag in c.tags]
    if as_json:
        rows = [
            {
                "id": c.id,
                "topic": c.topic,
                "question": {"zh": c.zh.question, "en": c.en.question},
                "tags": c.tags,
                "difficulty": c.difficulty,
                "problems": c.problems,
            }
            for c in cards
        ]
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
    else:
        for card in cards:
            typer.echo(f"{card.id:<42} {card.topic:<13} {card.difficulty:<7} {card.en.question}")
    for path, reason in deck.errors:
        typer.echo(f"error: {path}: {reason}", err=True)


@qa_cli.command("validate")
def validate_cards(
    dirs: Annotated[list[Path] | None, typer.Argument(help="Q&A directories.")] = None,
) -> None:
    """Check every card: both languages, known topic, unique id, existing problems, balanced
    formulas; exit 1 if any card fails."""
    from app.bank import load_bank
    from app.bank.loader import load_texts
    from app.qa import load_deck, validate_deck

    settings = Settings()
    deck = load_deck(list(dirs) if dirs else settings.qa_directories())
    # Ids only: the folders' texts, none of their code.
    problem_ids = set(load_bank(settings.problem_dirs(), load=load_texts).problems)
    found = validate_deck(deck, problem_ids)
    for path, reason in found:
        typer.echo(f"FAIL {path}: {reason}")
    bad = {path for path, _ in found}
    if not deck.cards and not bad:
        typer.echo("no cards (qa/<topic>/<id>.toml) found", err=True)
        raise typer.Exit(1)
    typer.echo(f"{len(deck.cards) - len(bad & set(deck.paths.values()))} valid, {len(bad)} failed")
    raise typer.Exit(1 if bad else 0)
