"""Known mistakes in building the labels of a chat example for SFT."""

import torch

IGNORE = -100


def _pieces(turns, bos, eos, train_roles):
    """[(tokens, trained)] with bos first: each turn's tokens followed by its eos."""
    pieces = [([int(bos)], False)]
    for role, token_ids in turns:
        pieces.append(([int(t) for t in token_ids] + [int(eos)], role in train_roles))
    return pieces


def _tensors(pieces, label_of):
    input_ids, labels = [], []
    for index, (tokens, trained) in enumerate(pieces):
        input_ids += tokens
        labels += label_of(index, tokens, trained)
    return torch.tensor(input_ids, dtype=torch.long), torch.tensor(labels, dtype=torch.long)


def trains_on_user_tokens(turns, bos=1, eos=2, train_roles=("assistant",)):
    # labels = input_ids: every token is a target, prompt and bos included.
    return _tensors(_pieces(turns, bos, eos, train_roles), lambda i, tokens, trained: tokens)


def eos_masked(turns, bos=1, eos=2, train_roles=("assistant",)):
    # The trained turns' tokens are targets, but their closing eos is not.
    def label_of(i, tokens, trained):
        return tokens[:-1] + [IGNORE] if trained else [IGNORE] * len(tokens)

    return _tensors(_pieces(turns, bos, eos, train_roles), label_of)


def double_shift(turns, bos=1, eos=2, train_roles=("assistant",)):
    # labels[t] = the right label of t+1: shifted here, and shifted again by the loss.
    input_ids, labels = _tensors(
        _pieces(turns, bos, eos, train_roles),
        lambda i, tokens, trained: tokens if trained else [IGNORE] * len(tokens),
    )
    return input_ids, torch.cat([labels[1:], torch.tensor([IGNORE])])


def only_last_turn(turns, bos=1, eos=2, train_roles=("assistant",)):
    # Only the last turn whose role is trained gets labels; earlier replies are masked.
    pieces = _pieces(turns, bos, eos, train_roles)
    last = max((i for i, (_, trained) in enumerate(pieces) if trained), default=-1)
    return _tensors(
        pieces, lambda i, tokens, trained: tokens if i == last else [IGNORE] * len(tokens)
    )


MISTAKES = {
    "trains_on_user_tokens": trains_on_user_tokens,
    "eos_masked": eos_masked,
    "double_shift": double_shift,
    "only_last_turn": only_last_turn,
}

MESSAGES = {
    "trains_on_user_tokens": {
        "en": "Your labels are a copy of input_ids, so the loss also trains the model to write "
        "the system prompt and the user's messages (and bos). In SFT the prompt is context, "
        "not a target: give -100 to every token of a turn whose role is not in train_roles, "
        "and to bos.",
        "zh": "你的 labels 就是 input_ids 的拷贝，损失会连 system prompt、用户的话（还有 bos）"
        "一起训练。SFT 里 prompt 只是上下文，不是监督目标：角色不在 train_roles 里的 turn，"
        "它的每个 token 以及 bos 都要设成 -100。",
    },
    "eos_masked": {
        "en": "You gave -100 to the eos that closes a trained turn. That eos is the one token that "
        "teaches the model to stop: without it the fine-tuned model keeps generating past the "
        "end of its answer. A trained turn's eos is a target like its other tokens.",
        "zh": "你把训练 turn 末尾的 eos 也设成了 -100。这个 eos 正是教模型“说完就停”的那个 token，"
        "没有它，微调后的模型回答完了还会一直往下生成。被训练的 turn 的 eos 要和其它 token "
        "一样作为监督目标。",
    },
    "double_shift": {
        "en": "Your labels are shifted by one position (labels[t] holds the label of t+1). The "
        "causal-LM loss already compares logits[t] with labels[t+1], so the labels must line "
        "up with input_ids; shifted twice, each position is trained to predict the token two "
        "steps ahead.",
        "zh": "你的 labels 错开了一位（labels[t] 放的是 t+1 的标签）。因果语言模型的损失内部已经会"
        "拿 logits[t] 去对 labels[t+1]，所以 labels 要和 input_ids 逐位对齐；再错一位就成了"
        "两次 shift，每个位置都在学预测后面第二个 token。",
    },
    "only_last_turn": {
        "en": "Only the last trained turn has labels; the earlier assistant replies are masked. "
        "A multi-turn chat holds one target per assistant reply, each conditioned on the "
        "history before it: label every turn whose role is in train_roles, not just the "
        "last one.",
        "zh": "你只给最后一个被训练的 turn 打了标签，前面几轮 assistant 的回复都被 mask 掉了。"
        "多轮对话里每一轮 assistant 回复都是一个监督目标（以它之前的历史为条件）："
        "所有角色在 train_roles 里的 turn 都要打标签，而不只是最后一轮。",
    },
}
