# Wrong: partitioned bytes divided with //, which rounds the largest shard down.
def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    p, g, o = (2, 2, 12) if mixed_precision else (4, 4, 8)
    params, grads, optimizer = p * n_params, g * n_params, o * n_params
    if zero_stage >= 1:
        optimizer //= n_gpus
    if zero_stage >= 2:
        grads //= n_gpus
    if zero_stage >= 3:
        params //= n_gpus
    return {
        "params": params,
        "grads": grads,
        "optimizer": optimizer,
        "total": params + grads + optimizer,
    }
