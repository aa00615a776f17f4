"""Untrusted code: warm workers fork an isolated child per job (uid, namespaces, Landlock,
seccomp, limits) that only turns inputs into outputs.

Rule: nothing here knows a problem, a verdict or a database. It imports the ground
(limits, settings, codec) only; a job's fields are named in job.py alone, the child's answer
in messages.py alone.
"""
