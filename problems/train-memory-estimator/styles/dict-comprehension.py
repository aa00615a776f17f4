"""Two dict comprehensions: the full bytes of each quantity, then the per-GPU bytes, with
the set of partitioned quantities given by the stage."""


def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    per_param = (
        {"params": 2, "grads": 2, "optimizer": 12}
        if mixed_precision
        else {"params": 4, "grads": 4, "optimizer": 8}
    )
    split = [set(), {"optimizer"}, {"optimizer", "grads"}, {"optimizer", "grads", "params"}]
    full = {k: b * n_params for k, b in per_param.items()}
    mem = {k: -(-v // n_gpus) if k in split[zero_stage] else v for k, v in full.items()}
    return {**mem, "total": sum(mem.values())}
