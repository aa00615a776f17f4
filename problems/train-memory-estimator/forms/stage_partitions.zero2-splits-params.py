# Wrong: ZeRO-2 taken to split the parameters as well (stage 2 = everything).
def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    per = (
        {"params": 2, "grads": 2, "optimizer": 12}
        if mixed_precision
        else {"params": 4, "grads": 4, "optimizer": 8}
    )
    split = {0: [], 1: ["optimizer"], 2: ["optimizer", "grads", "params"], 3: list(per)}
    mem = {}
    for k, b in per.items():
        v = b * n_params
        mem[k] = (v + n_gpus - 1) // n_gpus if k in split[zero_stage] else v
    mem["total"] = sum(mem.values())
    return mem
