"""Adapted from Hugging Face Accelerate's `estimate_training_usage`
(src/accelerate/commands/estimate.py, read 2026-12), behind `accelerate estimate-memory`:
it starts from the fp32 size of the model, `fp32_size = bytes` and
`fp16_size = bytes // 2`, fills a `memory_sizes` dict ("model", "gradients", "optimizer",
"step") per precision, and reports the largest entry as "Training using Adam". Changed to
fit this contract: Accelerate counts mixed precision as an fp32 model plus fp32 + fp16
gradients plus 2 x fp32 optimizer states, and takes the peak of the phases rather than a
sum; here the ZeRO paper's fp16 model, fp16 gradients and 3 x fp32 optimizer states
(master weights, momentum, variance) are used, summed, and partitioned by ZeRO stage with
an integer ceiling; the "step" entry is dropped."""


def estimate_training_usage(n_params, mixed_precision):
    memory_sizes = {"model": -1, "optimizer": -1, "gradients": -1}
    fp32_size = 4 * n_params
    fp16_size = fp32_size // 2
    if mixed_precision:
        memory_sizes["model"] = fp16_size
        memory_sizes["gradients"] = fp16_size
        memory_sizes["optimizer"] = fp32_size * 3  # master weights, exp_avg, exp_avg_sq
    else:
        memory_sizes["model"] = fp32_size
        memory_sizes["gradients"] = fp32_size
        memory_sizes["optimizer"] = fp32_size * 2  # exp_avg, exp_avg_sq
    return memory_sizes


def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    sizes = estimate_training_usage(n_params, mixed_precision)
    split = {"optimizer": 1, "gradients": 2, "model": 3}  # the first stage that splits it
    for key, stage in split.items():
        if zero_stage >= stage:
            sizes[key] = (sizes[key] + n_gpus - 1) // n_gpus
    out = {"params": sizes["model"], "grads": sizes["gradients"], "optimizer": sizes["optimizer"]}
    out["total"] = sum(out.values())
    return out
