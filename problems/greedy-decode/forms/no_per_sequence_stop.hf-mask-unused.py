# Wrong: Hugging Face style loop, but unfinished_sequences never masks the next tokens.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    input_ids = torch.full((src.shape[0], 1), sos_id, dtype=torch.long)
    unfinished_sequences = torch.ones(src.shape[0], dtype=torch.long)
    cur_len = 0
    while cur_len < max_len:
        next_token_logits = model(src, input_ids)[:, -1, :]
        next_tokens = torch.argmax(next_token_logits, dim=-1)
        input_ids = torch.cat([input_ids, next_tokens[:, None]], dim=-1)
        unfinished_sequences = unfinished_sequences & (next_tokens != eos_id).long()
        cur_len += 1
        if unfinished_sequences.max() == 0:
            break
    return input_ids
