"""Trusted reference for train-memory-estimator: the model-state memory per GPU of Adam(W)
training, as counted in the ZeRO paper (Rajbhandari et al. 2020, section 3 and Figure 1),
in bytes, with integer ceilings for the partitioned quantities."""

BYTES_PER_PARAM = {
    True: {
        "params": 2,
        "grads": 2,
        "optimizer": 12,
    },  # fp16/bf16 weights and grads; fp32 master, m, v
    False: {"params": 4, "grads": 4, "optimizer": 8},  # fp32 weights and grads; fp32 m, v
}
# What ZeRO stage k partitions across the data-parallel GPUs.
PARTITIONED = {
    0: set(),
    1: {"optimizer"},
    2: {"optimizer", "grads"},
    3: {"optimizer", "grads", "params"},
}


def train_memory(
    n_params: int, n_gpus: int = 1, zero_stage: int = 0, mixed_precision: bool = True
) -> dict:
    """Bytes per GPU of params, grads and optimizer states, and their total (ints)."""
    n_params, n_gpus, zero_stage = int(n_params), int(n_gpus), int(zero_stage)
    memory = {}
    for name, size in BYTES_PER_PARAM[bool(mixed_precision)].items():
        total_bytes = size * n_params
        if name in PARTITIONED[zero_stage]:
            total_bytes = -(-total_bytes // n_gpus)  # integer ceiling: the largest shard
        memory[name] = total_bytes
    memory["total"] = memory["params"] + memory["grads"] + memory["optimizer"]
    return memory
