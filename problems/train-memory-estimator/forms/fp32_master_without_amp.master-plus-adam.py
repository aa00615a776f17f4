# Wrong: optimizer = master copy + Adam states, with the master copy counted even in fp32.
def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    dtype_bytes = 2 if mixed_precision else 4
    master, exp_avg, exp_avg_sq = 4, 4, 4
    sizes = [
        ("params", dtype_bytes, 3),
        ("grads", dtype_bytes, 2),
        ("optimizer", master + exp_avg + exp_avg_sq, 1),
    ]
    result = {}
    for name, b, stage in sizes:
        q, r = divmod(b * n_params, n_gpus)
        result[name] = q + (r > 0) if zero_stage >= stage else b * n_params
    result["total"] = sum(result.values())
    return result
