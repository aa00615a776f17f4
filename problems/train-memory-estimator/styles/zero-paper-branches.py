"""One branch per ZeRO stage, written in the ZeRO paper's notation (Rajbhandari et al.
2020, Figure 1: Psi parameters, K bytes of optimizer state per parameter, N_d data-parallel
devices): baseline (2 + 2 + K) Psi, P_os 2 Psi + 2 Psi + K Psi / N_d, P_os+g
2 Psi + (2 + K) Psi / N_d, P_os+g+p (2 + 2 + K) Psi / N_d. Changed from the paper: each
divided term is rounded up on its own, and fp32 training (4 + 4 + 8) is added."""


def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    psi, n_d = n_params, n_gpus
    w, g, k = (2, 2, 12) if mixed_precision else (4, 4, 8)

    def over_nd(x):
        return (x + n_d - 1) // n_d

    if zero_stage == 0:  # baseline data parallelism
        params, grads, optimizer = w * psi, g * psi, k * psi
    elif zero_stage == 1:  # P_os
        params, grads, optimizer = w * psi, g * psi, over_nd(k * psi)
    elif zero_stage == 2:  # P_os+g
        params, grads, optimizer = w * psi, over_nd(g * psi), over_nd(k * psi)
    elif zero_stage == 3:  # P_os+g+p
        params, grads, optimizer = over_nd(w * psi), over_nd(g * psi), over_nd(k * psi)
    else:
        raise ValueError(f"zero_stage must be 0, 1, 2 or 3, got {zero_stage}")
    return {
        "params": params,
        "grads": grads,
        "optimizer": optimizer,
        "total": params + grads + optimizer,
    }
