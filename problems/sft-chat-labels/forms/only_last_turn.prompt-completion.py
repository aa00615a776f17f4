# Wrong: treats the chat as one prompt and one completion: everything before the last
# trained turn is prompt, and only that turn is the completion.
import torch


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    spans, pos = [], 1
    for role, token_ids in turns:
        spans.append((pos, pos + len(token_ids) + 1, role in train_roles))
        pos += len(token_ids) + 1
    ids = [bos] + [t for _, token_ids in turns for t in [*token_ids, eos]]
    input_ids = torch.tensor(ids, dtype=torch.long)
    labels = torch.full_like(input_ids, -100)
    completion = [s for s in spans if s[2]]
    if completion:
        start, end, _ = completion[-1]
        labels[start:end] = input_ids[start:end]
    return input_ids, labels
