# Wrong: int(bytes / n_gpus), DeepSpeed's int(18 * total_params / total_gpus), truncates.
def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    sizes = {"params": 2, "grads": 2, "optimizer": 12}
    if not mixed_precision:
        sizes = {"params": 4, "grads": 4, "optimizer": 8}
    first = {"optimizer": 1, "grads": 2, "params": 3}
    out = {}
    for key, size in sizes.items():
        nbytes = size * n_params
        out[key] = int(nbytes / n_gpus) if zero_stage >= first[key] else nbytes
    out["total"] = out["params"] + out["grads"] + out["optimizer"]
    return out
