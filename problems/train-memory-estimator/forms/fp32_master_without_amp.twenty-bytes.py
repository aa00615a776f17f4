# Wrong: fp32 training counted as 4 + 4 + 12 = 20 bytes per parameter.
def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    table = {
        True: {"params": 2, "grads": 2, "optimizer": 12},
        False: {"params": 4, "grads": 4, "optimizer": 12},
    }
    parts = [set(), {"optimizer"}, {"optimizer", "grads"}, {"optimizer", "grads", "params"}]
    mem = {k: v * n_params for k, v in table[mixed_precision].items()}
    mem = {k: (v + n_gpus - 1) // n_gpus if k in parts[zero_stage] else v for k, v in mem.items()}
    mem["total"] = sum(mem.values())
    return mem
