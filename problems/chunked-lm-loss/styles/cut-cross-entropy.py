"""Apple's Cut Cross-Entropy (apple/ml-cross-entropy, cut_cross_entropy/cce.py, Wijmans et
al. 2024, "Cut Your Losses in Large-Vocabulary Language Models"), in plain PyTorch.

The idea kept: the loss of a token is lse - e . c[target], where e is the embedding (a row
of hidden) and c the classifier (the LM head). The correct-class logit is an indexed dot
product, never read out of a logits matrix, and only the log-sum-exp sweeps the vocabulary,
block by block, with blocks over both the tokens and the vocabulary merged with logaddexp
(CCE's cce_lse_forward_kernel does this in SRAM). Rows whose target is ignore_index are
dropped first (CCE's `valids`), then nll = neg_dot + lse is averaged. Changed: no Triton,
no gradient filtering, no softcap; autograd does the backward.
"""

import torch

VOCAB_BLOCK = 2048


def _lse(e, c):
    """log-sum-exp of e @ c.T over the vocabulary, one vocabulary block at a time: [n]."""
    lse = torch.full((e.shape[0],), float("-inf"), dtype=e.dtype)
    for v0 in range(0, c.shape[0], VOCAB_BLOCK):
        lse = torch.logaddexp(lse, torch.logsumexp(e @ c[v0 : v0 + VOCAB_BLOCK].T, dim=-1))
    return lse


def chunked_lm_loss(hidden, weight, labels, chunk=1024, ignore_index=-100):
    valids = (labels != ignore_index).nonzero().squeeze(-1)
    e, c, targets = hidden[valids], weight, labels[valids]
    nll = []
    for start in range(0, e.shape[0], chunk):
        e_blk, t_blk = e[start : start + chunk], targets[start : start + chunk]
        neg_dot = -(e_blk * c[t_blk]).sum(-1)  # -e . c[target]
        nll.append(neg_dot + _lse(e_blk, c))
    return torch.cat(nll).mean()
