"""`python -m app` is the `shousi` command."""

from app.cli import main

if __name__ == "__main__":  # not when a validating process (spawn) imports it again
    main()
