# Wrong: the divisor table is one stage ahead: stage 1 row (1, n, n), stage 2 (n, n, n).
def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    n = n_gpus
    divisors = [(1, 1, 1), (1, n, n), (n, n, n), (n, n, n)][zero_stage]
    sizes = (2, 2, 12) if mixed_precision else (4, 4, 8)
    vals = [-(-s * n_params // d) for s, d in zip(sizes, divisors, strict=True)]
    return dict(zip(("params", "grads", "optimizer", "total"), (*vals, sum(vals)), strict=True))
