"""Adapted from DeepSpeed's `estimate_zero2_model_states_mem_needs`
(deepspeed/runtime/zero/stage_1_and_2.py, read 2026-12) and its ZeRO-3 sibling in
stage3.py: with no offload, `gpu_mem = 2 * total_params + int(18 * total_params /
total_gpus)`, the 16-bit params kept whole plus the partitioned rest, with
`total_gpus = num_nodes * num_gpus_per_node`, and the estimate printed in GB
(`gpu_mem / 2**30`). Changed to fit this contract: DeepSpeed's 18 counts fp16 grads 2 +
fp32 grads 4 + fp32 params 4 + momentum and variance 8, and the ZeRO-3 version adds the
largest layer's memory; here the ZeRO paper's 2 + 2 + 12 is used, split into three
quantities, each partitioned part is rounded up with an integer ceiling (DeepSpeed
truncates with int() of a float division), there is no CPU offload and no
additional_buffer_factor, all four stages go through the same replicated + partitioned
split, and the result is bytes, not GB."""


def _ceil_div(a, b):
    return -(-a // b)


def estimate_model_states_mem_needs(
    total_params, num_gpus_per_node=1, num_nodes=1, zero_stage=0, mixed_precision=True
):
    total_gpus = num_nodes * num_gpus_per_node
    # Multipliers per parameter: 16-bit params and grads, fp32 master params + Adam states.
    params_mult, grads_mult, optim_mult = (2, 2, 12) if mixed_precision else (4, 4, 8)

    params_mem = params_mult * total_params
    grads_mem = grads_mult * total_params
    optim_mem = optim_mult * total_params
    if zero_stage >= 1:
        optim_mem = _ceil_div(optim_mem, total_gpus)
    if zero_stage >= 2:
        grads_mem = _ceil_div(grads_mem, total_gpus)
    if zero_stage >= 3:
        params_mem = _ceil_div(params_mem, total_gpus)
    return params_mem, grads_mem, optim_mem


def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    params, grads, optimizer = estimate_model_states_mem_needs(
        total_params=n_params,
        num_gpus_per_node=n_gpus,
        num_nodes=1,
        zero_stage=zero_stage,
        mixed_precision=mixed_precision,
    )
    gpu_mem = params + grads + optimizer
    return {"params": params, "grads": grads, "optimizer": optimizer, "total": gpu_mem}
