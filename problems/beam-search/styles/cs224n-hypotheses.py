"""CS224n's NMT `beam_search` (hypotheses as lists of words, a `hyp_scores` tensor,
`contiuating_hyp_scores = (hyp_scores.unsqueeze(1).expand_as(log_p_t) + log_p_t).view(-1)`,
`prev_hyp_ids = top_cand_hyp_pos // vocab`, a `completed_hypotheses` list of namedtuples).
Adapted to the contract: the top-k always takes beam_size (the original takes
beam_size - len(completed)), the search stops at beam_size completed hypotheses, unfinished
ones join at max_len, and the winner is normalised by length ** length_penalty."""

from collections import namedtuple

import torch
import torch.nn.functional as F

Hypothesis = namedtuple("Hypothesis", ["value", "score"])


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    hypotheses = [[sos_id]]
    hyp_scores = torch.zeros(len(hypotheses), dtype=torch.float64)
    completed_hypotheses = []
    t = 0
    while len(completed_hypotheses) < beam_size and t < max_len:
        t += 1
        y_t = torch.tensor(hypotheses, dtype=torch.long)
        log_p_t = F.log_softmax(model(src, y_t)[:, -1].double(), dim=-1)
        vocab = log_p_t.shape[-1]
        contiuating_hyp_scores = (hyp_scores.unsqueeze(1).expand_as(log_p_t) + log_p_t).view(-1)
        top_cand_hyp_scores, top_cand_hyp_pos = torch.topk(contiuating_hyp_scores, k=beam_size)
        prev_hyp_ids = top_cand_hyp_pos // vocab
        hyp_word_ids = top_cand_hyp_pos % vocab

        new_hypotheses, new_hyp_scores = [], []
        for prev_hyp_id, hyp_word_id, cand_new_hyp_score in zip(
            prev_hyp_ids.tolist(), hyp_word_ids.tolist(), top_cand_hyp_scores.tolist(), strict=True
        ):
            new_hyp_sent = hypotheses[prev_hyp_id] + [hyp_word_id]
            if hyp_word_id == eos_id:
                completed_hypotheses.append(Hypothesis(new_hyp_sent, cand_new_hyp_score))
            else:
                new_hypotheses.append(new_hyp_sent)
                new_hyp_scores.append(cand_new_hyp_score)

        hypotheses = new_hypotheses
        hyp_scores = torch.tensor(new_hyp_scores, dtype=torch.float64)

    if len(completed_hypotheses) < beam_size:
        completed_hypotheses += [
            Hypothesis(h, s) for h, s in zip(hypotheses, hyp_scores.tolist(), strict=True)
        ]
    best = max(
        completed_hypotheses, key=lambda hyp: hyp.score / (len(hyp.value) - 1) ** length_penalty
    )
    return torch.tensor(best.value, dtype=torch.long)
