"""Reference implementations of the core problems; trusted code, never sent to the sandbox."""
