# Wrong: Adam's optimizer states counted as momentum + variance only (8 bytes) with AMP.
def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    weight_bytes = 2 if mixed_precision else 4
    adam_bytes = 4 + 4  # exp_avg, exp_avg_sq
    params, grads, optimizer = (
        weight_bytes * n_params,
        weight_bytes * n_params,
        adam_bytes * n_params,
    )

    def shard(x):
        return (x + n_gpus - 1) // n_gpus

    if zero_stage >= 1:
        optimizer = shard(optimizer)
    if zero_stage >= 2:
        grads = shard(grads)
    if zero_stage == 3:
        params = shard(params)
    return {
        "params": params,
        "grads": grads,
        "optimizer": optimizer,
        "total": params + grads + optimizer,
    }
