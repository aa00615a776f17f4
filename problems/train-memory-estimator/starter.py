def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    """Model-state memory per GPU for Adam(W) training, in bytes (ints).

    n_params: int >= 1, the number of parameters.
    n_gpus: int >= 1, the data-parallel GPUs ZeRO partitions over.
    zero_stage: 0, 1, 2 or 3.
    mixed_precision: True for fp16/bf16 weights and grads with fp32 optimizer states,
        False for plain fp32 training.
    Returns: {"params": ..., "grads": ..., "optimizer": ..., "total": ...}, Python ints.
    """
    # TODO: bytes per parameter for params, grads and optimizer states (they add up to 16)
    # TODO: partition what the stage partitions: ceil(bytes / n_gpus), in integers
    # TODO: total = params + grads + optimizer (activations are not counted)
    return {"params": 0, "grads": 0, "optimizer": 0, "total": 0}
