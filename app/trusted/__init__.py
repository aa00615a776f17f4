"""The only room that runs a problem's own code (reference, cases, mistakes, fixtures).

Rule: other rooms call app.trusted.runner, never prepare, diagnosis, host or child; only
runner reads `problem.hosted` to choose where the code runs (a hosted problem's only ever
in a contained child, app.trusted.child). Nothing crosses a process boundary as pickle
(app.trusted.wire). It imports bank, sandbox and the ground, nothing above.
"""
