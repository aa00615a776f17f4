"""Known mistakes in packing documents into one training row."""

import torch

IGNORE = -100


def _layout(docs, max_len, pad_id):
    """input_ids [T], doc ids [T] (-1 at pads), position ids reset per document (0 at pads)."""
    input_ids = torch.full((max_len,), pad_id, dtype=torch.long)
    doc = torch.full((max_len,), -1, dtype=torch.long)
    pos = torch.zeros(max_len, dtype=torch.long)
    cursor = 0
    for d, x in enumerate(docs):
        n = max(0, min(x.numel(), max_len - cursor))
        input_ids[cursor : cursor + n] = x[:n]
        doc[cursor : cursor + n] = d
        pos[cursor : cursor + n] = torch.arange(n)
        cursor += n
    return input_ids, doc, pos


def _labels(input_ids, doc):
    """Shifted targets within a real document, -100 elsewhere."""
    labels = torch.full_like(input_ids, IGNORE)
    same = (doc[:-1] == doc[1:]) & (doc[1:] >= 0)
    labels[:-1] = torch.where(same, input_ids[1:], IGNORE)
    return labels


def _mask(doc):
    t = torch.arange(doc.numel())
    causal = t[None, :] <= t[:, None]
    same = (doc[:, None] == doc[None, :]) & (doc[:, None] >= 0)
    return causal & (same | torch.eye(doc.numel(), dtype=torch.bool))  # a pad: itself


def _correct(docs, max_len, pad_id):
    input_ids, doc, pos = _layout(docs, max_len, pad_id)
    return input_ids, _labels(input_ids, doc), pos, _mask(doc)


def positions_not_reset(docs, max_len, pad_id=0):
    # position_ids = arange(max_len): the positions run on across documents and pads.
    input_ids, labels, _, mask = _correct(docs, max_len, pad_id)
    return input_ids, labels, torch.arange(max_len), mask


def cross_document_attention(docs, max_len, pad_id=0):
    # A plain causal mask over the whole pack: a token sees the documents before it.
    input_ids, labels, pos, _ = _correct(docs, max_len, pad_id)
    return input_ids, labels, pos, torch.tril(torch.ones(max_len, max_len, dtype=torch.bool))


def label_crosses_boundary(docs, max_len, pad_id=0):
    # The stream is shifted as a whole: a document's last token is labelled with the next
    # document's first token (pads still -100).
    input_ids, doc, pos = _layout(docs, max_len, pad_id)
    labels = torch.full_like(input_ids, IGNORE)
    real = doc >= 0
    labels[:-1] = torch.where(real[:-1] & real[1:], input_ids[1:], IGNORE)
    return input_ids, labels, pos, _mask(doc)


def pad_labels_counted(docs, max_len, pad_id=0):
    # The labels are padded with pad_id, like input_ids, instead of -100.
    input_ids, doc, pos = _layout(docs, max_len, pad_id)
    labels = _labels(input_ids, doc).masked_fill(doc < 0, pad_id)
    return input_ids, labels, pos, _mask(doc)


def pad_row_empty(docs, max_len, pad_id=0):
    # Pad rows attend to nothing: an all-False row, whose softmax is 0/0 = nan.
    input_ids, labels, pos, mask = _correct(docs, max_len, pad_id)
    _, doc, _ = _layout(docs, max_len, pad_id)
    return input_ids, labels, pos, mask & (doc >= 0)[:, None]


def labels_unshifted(docs, max_len, pad_id=0):
    # Hugging Face's convention (DataCollatorWithFlattening): labels[t] = input_ids[t], with
    # -100 at each document's first token; the model shifts them. Here they must be shifted.
    input_ids, doc, pos = _layout(docs, max_len, pad_id)
    labels = torch.where((doc >= 0) & (pos > 0), input_ids, IGNORE)
    return input_ids, labels, pos, _mask(doc)


MISTAKES = {
    "positions_not_reset": positions_not_reset,
    "cross_document_attention": cross_document_attention,
    "label_crosses_boundary": label_crosses_boundary,
    "pad_labels_counted": pad_labels_counted,
    "pad_row_empty": pad_row_empty,
    "labels_unshifted": labels_unshifted,
}

MESSAGES = {
    "positions_not_reset": {
        "en": "Your position_ids run 0, 1, 2, ... over the whole pack, so the second document "
        "starts at position 40 instead of 0 and RoPE or learned positions tell the model it is "
        "in the middle of a text. Restart the positions at 0 at every document (pads get 0).",
        "zh": "你的 position_ids 在整条 pack 上一路 0, 1, 2, ... 递增，第二篇文档就从 40 而不是 0 "
        "开始，RoPE 或可学习位置编码会让模型以为自己在一篇文章的中间。每篇文档开头都要把位置"
        "重置为 0（pad 的位置是 0）。",
    },
    "cross_document_attention": {
        "en": "Your attention mask is a plain causal mask over the whole pack, so a token also "
        "attends to the unrelated documents packed before it. Allow (i, j) only when j <= i "
        "and both lie in the same document: a block-diagonal causal mask.",
        "zh": "你的注意力掩码是整条 pack 上的普通因果掩码，一个 token 还能看到排在它前面的、"
        "毫不相干的其它文档。只有 j <= i 且两者属于同一篇文档时才放行：块对角的因果掩码。",
    },
    "label_crosses_boundary": {
        "en": "You shifted the packed stream as a whole, so the last token of each document is "
        "trained to predict the first token of the next, unrelated document. A document's last "
        "token has no target inside the pack: its label is -100.",
        "zh": "你对整条拼接后的序列统一做了 shift，于是每篇文档的最后一个 token 被训练去预测下一篇"
        "（毫不相干的）文档的第一个 token。文档的最后一个 token 在 pack 里没有目标，"
        "label 应为 -100。",
    },
    "pad_labels_counted": {
        "en": "You padded the labels with pad_id, like input_ids, so the padding positions are "
        "trained to predict the pad token. Pads are not data: their labels must be -100.",
        "zh": "你像补 input_ids 一样用 pad_id 去补 labels，padding 位置就被训练去预测 pad token。"
        "pad 不是数据，它们的 label 必须是 -100。",
    },
    "pad_row_empty": {
        "en": "The rows of the padding positions are all False: those queries may attend to "
        "nothing, and a softmax over an all-masked row is 0/0 = nan, which poisons the "
        "gradients. Let each pad attend to itself (the diagonal stays True).",
        "zh": "padding 位置所在的行全是 False：这些 query 什么都不能看，整行被 mask 的 softmax "
        "是 0/0 = nan，会把梯度污染掉。让每个 pad 只看它自己（对角线保持 True）。",
    },
    "labels_unshifted": {
        "en": "Your labels line up with input_ids (labels[t] = input_ids[t], -100 at each "
        "document's first token): that is Hugging Face's unshifted convention, where the model "
        "shifts. This contract asks for the targets already shifted: labels[t] = "
        "input_ids[t + 1] within a document.",
        "zh": "你的 labels 和 input_ids 逐位对齐（labels[t] = input_ids[t]，每篇文档第一个 token "
        "为 -100）：这是 Hugging Face 不做 shift、由模型内部 shift 的约定。本题要的是已经 "
        "shift 好的目标：文档内 labels[t] = input_ids[t + 1]。",
    },
}
