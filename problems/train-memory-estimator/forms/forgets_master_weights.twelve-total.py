# Wrong: mixed precision as 2 + 2 + 8 = 12 bytes per parameter (no fp32 master weights).
BYTES = {True: (2, 2, 8), False: (4, 4, 8)}


def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    n = n_gpus
    divisors = {0: (1, 1, 1), 1: (1, 1, n), 2: (1, n, n), 3: (n, n, n)}[zero_stage]
    out = {}
    for key, size, d in zip(
        ("params", "grads", "optimizer"), BYTES[mixed_precision], divisors, strict=True
    ):
        out[key] = -(-size * n_params // d)
    out["total"] = out["params"] + out["grads"] + out["optimizer"]
    return out
