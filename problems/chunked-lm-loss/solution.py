import torch
import torch.nn.functional as F


def chunked_lm_loss(
    hidden: torch.Tensor,
    weight: torch.Tensor,
    labels: torch.Tensor,
    chunk: int = 1024,
    ignore_index: int = -100,
) -> torch.Tensor:
    n_real = (labels != ignore_index).sum()  # the one denominator, over the whole batch
    total = hidden.new_zeros(())
    # range(0, N, chunk) includes the last, shorter chunk; a chunk larger than N is one step.
    for start in range(0, hidden.shape[0], chunk):
        rows = slice(start, start + chunk)
        logits = hidden[rows] @ weight.T  # [<=chunk, V]: the only V-wide tensor alive
        # A sum, not a mean: per-chunk means would weigh chunks, not tokens.
        # An all-ignored chunk adds exactly 0 here.
        total = total + F.cross_entropy(
            logits, labels[rows], ignore_index=ignore_index, reduction="sum"
        )
    return total / n_real
