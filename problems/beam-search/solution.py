import torch


@torch.no_grad()  # inference only
def beam_search(
    model,
    src: torch.Tensor,
    beam_size: int,
    max_len: int,
    sos_id: int = 1,
    eos_id: int = 2,
    length_penalty: float = 1.0,
) -> torch.Tensor:
    beams = torch.full((1, 1), sos_id, dtype=torch.long)  # [n, t]: the live hypotheses
    scores = torch.zeros(1, dtype=torch.float64)  # [n]: their summed log-probabilities
    finished: list[tuple[torch.Tensor, float]] = []

    for _ in range(max_len):
        logits = model(src, beams)[:, -1]  # [n, V]: next-token logits of each hypothesis
        log_probs = torch.log_softmax(logits.double(), dim=-1)
        vocab = log_probs.size(-1)
        # Every hypothesis times every token competes for the beam_size places.
        candidates = (scores[:, None] + log_probs).flatten()  # [n * V]
        top_scores, top_idx = candidates.topk(beam_size)
        parent, token = top_idx // vocab, top_idx % vocab
        seqs = torch.cat([beams[parent], token[:, None]], dim=1)  # [beam_size, t + 1]

        # A hypothesis that just produced eos is done: its score will not change.
        done = token == eos_id
        finished.extend(zip(seqs[done], top_scores[done].tolist(), strict=True))
        beams, scores = seqs[~done], top_scores[~done]
        if len(finished) >= beam_size:
            break
    else:
        # max_len reached: the unfinished hypotheses are candidates too.
        finished.extend(zip(beams, scores.tolist(), strict=True))

    def normalised(hyp: tuple[torch.Tensor, float]) -> float:
        tokens, score = hyp
        length = tokens.numel() - 1  # generated tokens, eos included, sos not
        return score / length**length_penalty  # sums of log-probs favour short outputs

    best_tokens, _ = max(finished, key=normalised)
    return best_tokens
