"""Known mistakes in the CLIP loss."""

import torch
import torch.nn.functional as F


def _logits(image_emb, text_emb, scale):
    return scale * F.normalize(image_emb, dim=-1) @ F.normalize(text_emb, dim=-1).T


def _symmetric(logits):
    labels = torch.arange(logits.size(0))
    return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels)) / 2


def not_normalised(image_emb, text_emb, logit_scale):
    # Raw dot products: the logits grow with the embeddings' norms.
    logits = logit_scale.exp().clamp(max=100.0) * image_emb @ text_emb.T
    return _symmetric(logits), logits


def one_direction_only(image_emb, text_emb, logit_scale):
    # Only image -> text: each row's softmax over the texts, never the columns'.
    logits = _logits(image_emb, text_emb, logit_scale.exp().clamp(max=100.0))
    return F.cross_entropy(logits, torch.arange(logits.size(0))), logits


def scale_not_exponentiated(image_emb, text_emb, logit_scale):
    # logit_scale used as the multiplier itself (2.66 at CLIP's init instead of 14.29).
    logits = _logits(image_emb, text_emb, logit_scale.clamp(max=100.0))
    return _symmetric(logits), logits


def scale_not_clamped(image_emb, text_emb, logit_scale):
    # exp(logit_scale) with no cap: above ln 100 the logits keep growing.
    logits = _logits(image_emb, text_emb, logit_scale.exp())
    return _symmetric(logits), logits


def labels_wrong(image_emb, text_emb, logit_scale):
    # MoCo's labels (the positive in column 0) on CLIP's [N, N] matrix: every row's
    # "right answer" is text 0, every column's image 0.
    logits = _logits(image_emb, text_emb, logit_scale.exp().clamp(max=100.0))
    labels = torch.zeros(logits.size(0), dtype=torch.long)
    return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels)) / 2, logits


def loss_not_halved(image_emb, text_emb, logit_scale):
    # Both directions summed, not averaged.
    logits = _logits(image_emb, text_emb, logit_scale.exp().clamp(max=100.0))
    labels = torch.arange(logits.size(0))
    return F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels), logits


def exp_overflow(image_emb, text_emb, logit_scale):
    # A hand-written softmax without the max shift: exp(logit) overflows past 88.7.
    logits = _logits(image_emb, text_emb, logit_scale.exp().clamp(max=100.0))
    e = logits.exp()
    log_p_rows = torch.log(e.diagonal() / e.sum(dim=1))
    log_p_cols = torch.log(e.diagonal() / e.sum(dim=0))
    return -(log_p_rows.mean() + log_p_cols.mean()) / 2, logits


MISTAKES = {
    "not_normalised": not_normalised,
    "one_direction_only": one_direction_only,
    "scale_not_exponentiated": scale_not_exponentiated,
    "scale_not_clamped": scale_not_clamped,
    "labels_wrong": labels_wrong,
    "loss_not_halved": loss_not_halved,
    "exp_overflow": exp_overflow,
}

MESSAGES = {
    "not_normalised": {
        "en": "Your logits are raw dot products of the embeddings: they are not normalised, "
        "so a long vector wins whatever its direction and the logits' size depends on the "
        "encoders, not on the temperature. L2-normalise both embeddings along the feature "
        "axis first (F.normalize(x, dim=-1)), so the logits are scaled cosines.",
        "zh": "你的 logits 是 embedding 直接点积，没有做 L2 归一化：向量越长分数越高，和方向无关，"
        "logits 的量级也由编码器决定，温度就失去了意义。先沿特征维把两边都归一化"
        "（F.normalize(x, dim=-1)），logits 才是缩放后的余弦相似度。",
    },
    "one_direction_only": {
        "en": "Your loss is only the image-to-text cross-entropy (a softmax over each row). "
        "CLIP's loss is symmetric: also take the cross-entropy of logits_per_image.T (each "
        "text choosing among the images) with the same labels, and average the two.",
        "zh": "你的损失只有图像→文本这一个方向（每行做 softmax）。CLIP 的损失是对称的：还要对 "
        "logits_per_image.T（每段文本在所有图像里选）用同样的标签算一次交叉熵，两者取平均。",
    },
    "scale_not_exponentiated": {
        "en": "You multiply the cosines by logit_scale itself. logit_scale is the log of the "
        "inverse temperature (CLIP learns it in log space so it stays positive): the "
        "multiplier is exp(logit_scale), capped at 100.",
        "zh": "你直接拿 logit_scale 当乘数了。logit_scale 是温度倒数的对数（CLIP 在对数空间里学它，"
        "保证乘数为正）：乘数应是 exp(logit_scale)，并截断到最多 100。",
    },
    "scale_not_clamped": {
        "en": "Your multiplier exp(logit_scale) is not capped. The contract (after CLIP, which "
        "clips it so the logits are never scaled by more than 100) uses "
        "exp(logit_scale).clamp(max=100); above ln 100 your logits keep growing.",
        "zh": "你的乘数 exp(logit_scale) 没有截断。按约定（沿用 CLIP 的做法，"
        "logits 的缩放不超过 100）应该用 exp(logit_scale).clamp(max=100)；"
        "logit_scale 超过 ln 100 时你的 logits 会一直变大。",
    },
    "labels_wrong": {
        "en": "Your labels are all 0, the convention of MoCo-style code where the positive "
        "logit is put in column 0. In CLIP's [N, N] matrix the positive of row i is column i: "
        "the labels are torch.arange(N), for the rows and for the columns.",
        "zh": "你的标签全是 0，这是 MoCo 那类代码的约定（正样本 logit 被拼在第 0 列）。CLIP 的 "
        "[N, N] 矩阵里第 i 行的正样本在第 i 列：行和列的标签都应是 torch.arange(N)。",
    },
    "loss_not_halved": {
        "en": "You add the two directions' cross-entropies without dividing by 2. CLIP's loss "
        "is their mean, (loss_i + loss_t) / 2; the sum doubles the loss and the gradients.",
        "zh": "你把两个方向的交叉熵直接相加，没有除以 2。CLIP 的损失是两者的平均 "
        "(loss_i + loss_t) / 2；求和会让损失和梯度都翻倍。",
    },
    "exp_overflow": {
        "en": "Your hand-written softmax takes exp of the raw logits. With the multiplier at "
        "100 the logits reach 88.7 and more, exp overflows float32 and the loss is NaN. "
        "Subtract each row's (and column's) maximum first, use torch.logsumexp, or "
        "F.cross_entropy / F.log_softmax.",
        "zh": "你手写的 softmax 直接对 logits 取 exp。乘数到 100 时 logits 会超过 88.7，"
        "float32 的 exp 溢出，损失变成 NaN。先减去每行（每列）的最大值，或者用 "
        "torch.logsumexp、F.cross_entropy / F.log_softmax。",
    },
}
