"""Hugging Face's `BeamHypotheses` container: finished hypotheses are added with their
length-normalised score `sum_logprobs / (len ** length_penalty)` and the best is read off at
the end. Adapted: the length counts generated tokens including eos (not sos), the container
keeps every hypothesis it is given, and the search around it is this problem's shrinking
beam rather than HF's 2 * num_beams candidates."""

import torch


class BeamHypotheses:
    def __init__(self, length_penalty):
        self.length_penalty = length_penalty
        self.beams = []

    def __len__(self):
        return len(self.beams)

    def add(self, hyp, sum_logprobs):
        generated_len = hyp.shape[-1] - 1
        score = sum_logprobs / (generated_len**self.length_penalty)
        self.beams.append((score, hyp))

    def best(self):
        return max(self.beams, key=lambda b: b[0])[1]


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    hyps = BeamHypotheses(length_penalty)
    input_ids = torch.full((1, 1), sos_id, dtype=torch.long)
    beam_scores = torch.zeros(1, dtype=torch.float64)
    for _ in range(max_len):
        next_token_logits = model(src, input_ids)[:, -1, :]
        next_token_scores = torch.nn.functional.log_softmax(next_token_logits, dim=-1)
        next_token_scores = next_token_scores + beam_scores[:, None].expand_as(next_token_scores)
        vocab_size = next_token_scores.shape[-1]
        next_token_scores, next_tokens = torch.topk(
            next_token_scores.view(-1), beam_size, largest=True, sorted=True
        )
        next_indices = torch.div(next_tokens, vocab_size, rounding_mode="floor")
        next_tokens = next_tokens % vocab_size
        candidates = torch.cat([input_ids[next_indices], next_tokens.unsqueeze(-1)], dim=-1)
        is_eos = next_tokens == eos_id
        for hyp, score in zip(candidates[is_eos], next_token_scores[is_eos], strict=True):
            hyps.add(hyp, score.item())
        input_ids, beam_scores = candidates[~is_eos], next_token_scores[~is_eos]
        if len(hyps) >= beam_size:
            return hyps.best()
    for hyp, score in zip(input_ids, beam_scores, strict=True):
        hyps.add(hyp, score.item())
    return hyps.best()
