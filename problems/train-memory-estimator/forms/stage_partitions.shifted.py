# Wrong: stage k partitions what stage k + 1 does (ZeRO-1 also splits the gradients).
def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    p, g, o = (2, 2, 12) if mixed_precision else (4, 4, 8)
    params, grads, optimizer = p * n_params, g * n_params, o * n_params

    def shard(x):
        return -(-x // n_gpus)

    if zero_stage >= 1:
        optimizer, grads = shard(optimizer), shard(grads)
    if zero_stage >= 2:
        params = shard(params)
    return {
        "params": params,
        "grads": grads,
        "optimizer": optimizer,
        "total": params + grads + optimizer,
    }
