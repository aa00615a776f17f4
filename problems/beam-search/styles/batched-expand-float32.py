"""Batched tensors the way generation servers keep them: `src.expand(n, -1)` so every row has
its own source, log-probabilities kept in float32, finished hypotheses stored in tensors
(`torch.stack`) and the winner found with one `argmax` over normalised scores."""

import torch


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    ys = torch.tensor([[sos_id]], dtype=torch.long)  # [n, t]
    logp_sum = torch.zeros(1)  # [n], float32
    pool_seqs, pool_scores = [], []
    stopped = False
    for _ in range(max_len):
        logits = model(src.expand(ys.size(0), -1), ys)[:, -1].float()  # [n, V]
        total = logp_sum.unsqueeze(1) + logits.log_softmax(dim=-1)  # [n, V]
        V = total.size(1)
        top_scores, top_idx = total.reshape(-1).topk(beam_size)
        ys = torch.cat([ys.index_select(0, top_idx // V), (top_idx % V).unsqueeze(1)], dim=1)
        ended = ys[:, -1].eq(eos_id)
        pool_seqs += list(ys[ended])
        pool_scores.append(top_scores[ended])
        ys, logp_sum = ys[~ended], top_scores[~ended]
        if len(pool_seqs) >= beam_size:
            stopped = True
            break
    if not stopped:
        pool_seqs += list(ys)
        pool_scores.append(logp_sum)
    scores = torch.cat(pool_scores)
    lengths = torch.tensor([s.numel() - 1 for s in pool_seqs], dtype=torch.float32)
    return pool_seqs[int((scores / lengths.pow(length_penalty)).argmax())]
