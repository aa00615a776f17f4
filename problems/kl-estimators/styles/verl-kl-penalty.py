"""Adapted from verl, verl/trainer/ppo/core_algos.py (read 2026-12): kl_penalty(logprob,
ref_logprob, kl_penalty) with its "kl" (logprob - ref_logprob), "mse" (0.5 * (logprob -
ref_logprob).square()) and "low_var_kl" branches (kl = ref_logprob - logprob clamped to
[-20, 20], ratio = exp(kl), kld = ratio - kl - 1 clamped to [-10, 10]), reduced with
verl.utils.torch_functional.masked_mean. Changed: the three branches are called in turn and
returned as a tuple; the clamps never bind on these inputs."""

import torch


def masked_mean(values, mask, axis=None):
    return (values * mask).sum(axis=axis) / mask.sum(axis=axis)


def kl_penalty(logprob, ref_logprob, kl_penalty):
    if kl_penalty in ("kl", "k1"):
        return logprob - ref_logprob

    if kl_penalty in ("mse", "k2"):
        return 0.5 * (logprob - ref_logprob).square()

    if kl_penalty in ("low_var_kl", "k3"):
        kl = ref_logprob - logprob
        kl = torch.clamp(kl, min=-20, max=20)
        ratio = torch.exp(kl)
        kld = (ratio - kl - 1).contiguous()
        return torch.clamp(kld, min=-10, max=10)

    raise NotImplementedError


def kl_estimators(logp, ref_logp, mask):
    response_mask = mask.to(logp.dtype)
    return tuple(
        masked_mean(kl_penalty(logprob=logp, ref_logprob=ref_logp, kl_penalty=k), response_mask)
        for k in ("kl", "mse", "low_var_kl")
    )
