"""`python -m app` is the `shousi` command."""

from app.cli import main

main()
