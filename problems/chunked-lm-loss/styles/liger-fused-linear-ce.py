"""Liger-Kernel's fused linear cross-entropy (linkedin/Liger-Kernel,
src/liger_kernel/ops/fused_linear_cross_entropy.py: fused_linear_cross_entropy_forward and
LigerFusedLinearCrossEntropyFunction), in plain PyTorch.

The idea kept: since the loss is the last layer, the gradients are computed during the
forward pass, chunk by chunk: logits_chunk = _input_chunk @ weight.t(), its softmax minus
the one-hot is the logits' gradient, scaled by n_non_ignore / total_n_non_ignore, and is
turned at once into grad_input[start_idx:end_idx] and an addmm into grad_weight; backward
only multiplies them by grad_output. Changed: the Triton kernel (loss and in-place gradient)
is written with log_softmax; the chunk size is the `chunk` argument instead of Liger's
next_power_of_2(cdiv(BT, cdiv(V, H))); no bias, label smoothing or softcap.
"""

import torch
import torch.nn.functional as F


def fused_linear_cross_entropy_forward(_input, weight, target, chunk_size, ignore_index):
    BT = _input.shape[0]
    needs_grad = _input.requires_grad or weight.requires_grad
    grad_input = torch.zeros_like(_input) if needs_grad else None
    grad_weight = torch.zeros_like(weight) if needs_grad else None
    total_n_non_ignore = (target != ignore_index).sum()
    loss = _input.new_zeros(())
    for start_idx in range(0, BT, chunk_size):
        end_idx = min(start_idx + chunk_size, BT)
        _input_chunk = _input[start_idx:end_idx].detach()
        target_chunk = target[start_idx:end_idx]
        logits_chunk = _input_chunk @ weight.detach().t()  # chunk_size x V
        valid = target_chunk != ignore_index
        log_probs = torch.log_softmax(logits_chunk, dim=-1)
        safe = target_chunk.masked_fill(~valid, 0)
        nll = -log_probs.gather(1, safe[:, None])[:, 0]
        loss = loss + nll.masked_fill(~valid, 0.0).sum() / total_n_non_ignore
        if needs_grad:
            # d loss / d logits = (softmax - one_hot) / total_n_non_ignore on real rows
            grad_logits_chunk = log_probs.exp_()
            grad_logits_chunk -= F.one_hot(safe, logits_chunk.shape[1]).to(logits_chunk.dtype)
            grad_logits_chunk *= valid[:, None].to(logits_chunk.dtype) / total_n_non_ignore
            grad_input[start_idx:end_idx] = grad_logits_chunk @ weight.detach()
            torch.addmm(grad_weight, grad_logits_chunk.t(), _input_chunk, out=grad_weight)
    return loss, grad_input, grad_weight


class LigerFusedLinearCrossEntropyFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, _input, weight, target, chunk_size, ignore_index):
        loss, grad_input, grad_weight = fused_linear_cross_entropy_forward(
            _input, weight, target, chunk_size, ignore_index
        )
        ctx.save_for_backward(grad_input, grad_weight)
        return loss

    @staticmethod
    def backward(ctx, grad_output):
        grad_input, grad_weight = ctx.saved_tensors
        return grad_input * grad_output, grad_weight * grad_output, None, None, None


def chunked_lm_loss(hidden, weight, labels, chunk=1024, ignore_index=-100):
    return LigerFusedLinearCrossEntropyFunction.apply(hidden, weight, labels, chunk, ignore_index)
