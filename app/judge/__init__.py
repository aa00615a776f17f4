"""A submission's run report made into a verdict and words (both languages).

Rule: judge is a pure function of (problem, prepared cases, run report) to GradeResult; it
asks app.trusted.runner for cases and diagnoses, runs the code through app.sandbox, and
writes no rows and sees no request.
"""
