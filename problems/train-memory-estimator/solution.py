def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    """Bytes per GPU for Adam(W) training (model states only), as in the ZeRO paper."""
    # Bytes per parameter. Mixed precision: fp16/bf16 weights (2) and gradients (2), and
    # 12 bytes of optimizer state in fp32: master weights 4, momentum 4, variance 4.
    # Plain fp32: weights 4, gradients 4, momentum + variance 8. Both add up to 16.
    if mixed_precision:
        params, grads, optimizer = 2 * n_params, 2 * n_params, 12 * n_params
    else:
        params, grads, optimizer = 4 * n_params, 4 * n_params, 8 * n_params

    def shard(nbytes):
        # A partitioned quantity: each GPU holds 1/n_gpus of it, rounded up.
        return (nbytes + n_gpus - 1) // n_gpus

    # ZeRO-1 partitions the optimizer states, ZeRO-2 also the gradients, ZeRO-3 also the
    # parameters. Stage 0 (plain data parallelism) keeps a full copy of everything.
    if zero_stage >= 1:
        optimizer = shard(optimizer)
    if zero_stage >= 2:
        grads = shard(grads)
    if zero_stage >= 3:
        params = shard(params)
    return {
        "params": params,
        "grads": grads,
        "optimizer": optimizer,
        "total": params + grads + optimizer,
    }
