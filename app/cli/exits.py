"""Exit statuses every command shares: 0 done, 1 not (a failed check, a rejected file), 2 usage."""

USAGE_ERROR = 2  # bad arguments, or the sandbox this host cannot provide
