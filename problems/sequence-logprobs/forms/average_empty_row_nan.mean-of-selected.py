# Wrong: .mean() of each row's counted tokens; the mean of an empty row is nan.
import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    logp = torch.log_softmax(logits[:, :-1], dim=-1)
    tok = logp.gather(-1, input_ids[:, 1:].unsqueeze(-1)).squeeze(-1)
    rows = []
    for values, keep in zip(tok, loss_mask[:, 1:], strict=True):
        rows.append(values[keep].mean() if average else values[keep].sum())
    return torch.stack(rows)
