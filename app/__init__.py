"""Shousi: hand-write Transformer code, graded in a sandbox within milliseconds."""

import os

# One BLAS thread in the trusted process too, set before numpy is first imported. Its own
# numpy work is small, and OpenBLAS's threads would deadlock a fork made while another
# thread is inside a BLAS call: OpenBLAS's fork handler waits for that call, which waits
# for threads the handler has stopped (seen: drawing hidden cases while the sandbox probe
# forks).
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")
