import torch


def label_smoothing_loss(
    logits: torch.Tensor, targets: torch.Tensor, smoothing: float = 0.1, ignore_index: int = -100
) -> torch.Tensor:
    log_probs = torch.log_softmax(logits, dim=-1)  # [N, V]
    keep = targets != ignore_index  # [N]
    log_probs, targets = log_probs[keep], targets[keep]  # only the rows that count
    # q = (1 - eps) * one_hot + eps / V, so -sum(q * log p) splits into two terms:
    nll = -log_probs.gather(1, targets.unsqueeze(1)).squeeze(1)  # -log p_target
    uniform = -log_probs.mean(dim=-1)  # -(1/V) sum_c log p_c
    return ((1 - smoothing) * nll + smoothing * uniform).mean()
