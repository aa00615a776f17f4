import torch


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    """Turn a chat into (input_ids, labels) for supervised fine-tuning.

    turns: a list of (role, token_ids) pairs; role is a str ("system", "user", "assistant",
        ...), token_ids a list of ints (possibly empty).
    bos, eos: ints. The sequence is [bos] + turn_1 + [eos] + turn_2 + [eos] + ...
    train_roles: the roles whose tokens (and their closing eos) are trained.
    Returns: input_ids and labels, both int64 tensors of shape [L]; labels hold -100 where
        a position is not a target, and are NOT shifted.
    """
    # TODO: build input_ids: bos, then each turn's tokens followed by eos
    # TODO: labels: the token itself on trained turns (and their eos), -100 elsewhere
    input_ids = [bos]
    for _role, token_ids in turns:
        input_ids += list(token_ids) + [eos]
    input_ids = torch.tensor(input_ids, dtype=torch.long)
    return input_ids, torch.full_like(input_ids, -100)
