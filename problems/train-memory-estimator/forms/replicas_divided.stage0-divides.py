# Wrong: stage 0 (plain DDP) taken to split the model states over the GPUs like ZeRO-3.
def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    psi = n_params
    w, g, k = (2, 2, 12) if mixed_precision else (4, 4, 8)

    def over(x):
        return (x + n_gpus - 1) // n_gpus

    if zero_stage == 0:  # "8 GPUs, so 1/8 of the model each"
        params, grads, optimizer = over(w * psi), over(g * psi), over(k * psi)
    elif zero_stage == 1:
        params, grads, optimizer = w * psi, g * psi, over(k * psi)
    elif zero_stage == 2:
        params, grads, optimizer = w * psi, over(g * psi), over(k * psi)
    else:
        params, grads, optimizer = over(w * psi), over(g * psi), over(k * psi)
    return {
        "params": params,
        "grads": grads,
        "optimizer": optimizer,
        "total": params + grads + optimizer,
    }
