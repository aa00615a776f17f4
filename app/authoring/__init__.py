"""Tools over problem folders for maintainers and instructors: validate, scaffold, archives,
contained validation of uploads, the sync of published problems across replicas.

Rule: authoring may import every room below it (bank, sandbox, trusted, judge, store);
only web (create_app's published-problem sync, the authoring routes) and cli import it.
"""
