"""Hugging Face's `_sample` loop with do_sample=False: a `while` over the length, an
`unfinished_sequences` vector of 0/1, finished rows given the pad token by arithmetic, and
`this_peer_finished` once every row has produced eos; the start token kept as column 0."""

import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    batch_size = src.shape[0]
    input_ids = torch.full((batch_size, 1), sos_id, dtype=torch.long)
    unfinished_sequences = torch.ones(batch_size, dtype=torch.long)
    cur_len, this_peer_finished = 0, False
    while not this_peer_finished and cur_len < max_len:
        outputs = model(src, input_ids)
        next_token_logits = outputs[:, -1, :].clone().float()
        next_tokens = torch.argmax(next_token_logits, dim=-1)
        # finished sentences should have their next token be a padding token
        next_tokens = next_tokens * unfinished_sequences + pad_id * (1 - unfinished_sequences)
        input_ids = torch.cat([input_ids, next_tokens[:, None]], dim=-1)
        unfinished_sequences = unfinished_sequences & ~(next_tokens == eos_id)
        this_peer_finished = unfinished_sequences.max() == 0
        cur_len += 1
    return input_ids
