# Wrong: zero_stage never read: every quantity is split over the GPUs.
def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    per = (
        {"params": 2, "grads": 2, "optimizer": 12}
        if mixed_precision
        else {"params": 4, "grads": 4, "optimizer": 8}
    )
    mem = {k: (b * n_params + n_gpus - 1) // n_gpus for k, b in per.items()}
    mem["total"] = sum(mem.values())
    return mem
