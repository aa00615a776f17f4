# Wrong: everything divided by n_gpus at every stage, as if data parallelism split memory.
def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    p, g, o = (2, 2, 12) if mixed_precision else (4, 4, 8)

    def shard(x):
        return -(-x // n_gpus)

    params, grads, optimizer = shard(p * n_params), shard(g * n_params), shard(o * n_params)
    return {
        "params": params,
        "grads": grads,
        "optimizer": optimizer,
        "total": params + grads + optimizer,
    }
