"""Table-driven: one row of bytes per parameter for each precision, one row of divisors per
ZeRO stage (1 means kept whole), and a single loop that applies them."""

BYTES = {True: (2, 2, 12), False: (4, 4, 8)}  # params, grads, optimizer
KEYS = ("params", "grads", "optimizer")


def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    n = n_gpus
    divisors = {0: (1, 1, 1), 1: (1, 1, n), 2: (1, n, n), 3: (n, n, n)}[zero_stage]
    out = {}
    for key, size, d in zip(KEYS, BYTES[mixed_precision], divisors, strict=True):
        out[key] = -(-size * n_params // d)
    out["total"] = sum(out[key] for key in KEYS)
    return out
