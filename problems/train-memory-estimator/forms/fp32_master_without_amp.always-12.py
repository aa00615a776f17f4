# Wrong: 12 bytes of optimizer state in fp32 training too (a master copy that is not there).
def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    w = 2 if mixed_precision else 4
    params, grads, optimizer = w * n_params, w * n_params, 12 * n_params
    if zero_stage >= 1:
        optimizer = -(-optimizer // n_gpus)
    if zero_stage >= 2:
        grads = -(-grads // n_gpus)
    if zero_stage >= 3:
        params = -(-params // n_gpus)
    return {
        "params": params,
        "grads": grads,
        "optimizer": optimizer,
        "total": params + grads + optimizer,
    }
