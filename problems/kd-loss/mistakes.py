"""Known mistakes in the Hinton distillation loss, each a faithful version of the bug."""

import torch.nn.functional as F


def _combine(soft, student_logits, labels, alpha):
    return alpha * soft + (1 - alpha) * F.cross_entropy(student_logits, labels)


def missing_T_squared(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    log_p_s = F.log_softmax(student_logits / T, dim=-1)
    log_p_t = F.log_softmax(teacher_logits / T, dim=-1)
    soft = F.kl_div(log_p_s, log_p_t, reduction="batchmean", log_target=True)
    return _combine(soft, student_logits, labels, alpha)


def kl_direction(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    # KL(student || teacher): the student's probabilities weight the log-ratio.
    log_p_s = F.log_softmax(student_logits / T, dim=-1)
    log_p_t = F.log_softmax(teacher_logits / T, dim=-1)
    soft = F.kl_div(log_p_t, log_p_s, reduction="batchmean", log_target=True) * T**2
    return _combine(soft, student_logits, labels, alpha)


def reduction_mean_not_batchmean(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    # reduction="mean" (nn.KLDivLoss's default) divides by N * C, not by N.
    log_p_s = F.log_softmax(student_logits / T, dim=-1)
    log_p_t = F.log_softmax(teacher_logits / T, dim=-1)
    soft = F.kl_div(log_p_s, log_p_t, reduction="none", log_target=True).mean() * T**2
    return _combine(soft, student_logits, labels, alpha)


def teacher_not_softened(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    # The teacher's probabilities at T = 1, the student's at T.
    log_p_s = F.log_softmax(student_logits / T, dim=-1)
    log_p_t = F.log_softmax(teacher_logits, dim=-1)
    soft = F.kl_div(log_p_s, log_p_t, reduction="batchmean", log_target=True) * T**2
    return _combine(soft, student_logits, labels, alpha)


def hard_term_softened(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    # The cross-entropy with the labels is also taken on student_logits / T.
    log_p_s = F.log_softmax(student_logits / T, dim=-1)
    log_p_t = F.log_softmax(teacher_logits / T, dim=-1)
    soft = F.kl_div(log_p_s, log_p_t, reduction="batchmean", log_target=True) * T**2
    return alpha * soft + (1 - alpha) * F.cross_entropy(student_logits / T, labels)


def alpha_swapped(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    # alpha on the hard term (torchdistill's and the Hugging Face book's convention).
    log_p_s = F.log_softmax(student_logits / T, dim=-1)
    log_p_t = F.log_softmax(teacher_logits / T, dim=-1)
    soft = F.kl_div(log_p_s, log_p_t, reduction="batchmean", log_target=True) * T**2
    return (1 - alpha) * soft + alpha * F.cross_entropy(student_logits, labels)


MISTAKES = {
    "missing_T_squared": missing_T_squared,
    "kl_direction": kl_direction,
    "reduction_mean_not_batchmean": reduction_mean_not_batchmean,
    "teacher_not_softened": teacher_not_softened,
    "hard_term_softened": hard_term_softened,
    "alpha_swapped": alpha_swapped,
}

MESSAGES = {
    "missing_T_squared": {
        "en": "Your soft term is not multiplied by T². Dividing the logits by T shrinks the "
        "soft term's gradients by about 1/T², so without the factor the teacher's signal "
        "fades as T grows. Multiply the KL term by T * T.",
        "zh": "软目标项没有乘 T²。logits 除以 T 之后，软目标项的梯度大约缩小为 1/T²，"
        "不乘回来的话温度越高，teacher 的信号越弱。KL 项要乘上 T * T。",
    },
    "kl_direction": {
        "en": "Your KL is KL(student || teacher): the student's probabilities weight the "
        "log-ratio. Distillation fits the student to the teacher, KL(p_teacher || p_student) = "
        "sum p_t (log p_t - log p_s); with F.kl_div the first argument is the student's "
        "log-probabilities and the second the teacher's probabilities.",
        "zh": "你算的是 KL(student || teacher)，用 student 的概率给对数比加权。蒸馏是让 student "
        "去拟合 teacher，应为 KL(p_teacher || p_student) = sum p_t (log p_t - log p_s)；"
        "用 F.kl_div 时第一个参数是 student 的对数概率，第二个是 teacher 的概率。",
    },
    "reduction_mean_not_batchmean": {
        "en": 'Your KL is averaged over all N * C entries (reduction="mean", the default of '
        "nn.KLDivLoss), so it is C times too small. Sum over the classes and average over "
        'the rows: reduction="batchmean".',
        "zh": '你的 KL 是对全部 N * C 个元素取平均（reduction="mean"，也是 nn.KLDivLoss 的'
        '默认值），结果小了 C 倍。应在类别维求和、在行上取平均：reduction="batchmean"。',
    },
    "teacher_not_softened": {
        "en": "You soften the student with T but take the teacher's probabilities at T = 1, "
        "so the two distributions are at different temperatures. Divide both logits by T "
        "before the softmax.",
        "zh": "student 除了温度 T，teacher 的概率却是在 T = 1 下算的，两个分布的温度不一致。"
        "两边的 logits 都要先除以 T 再做 softmax。",
    },
    "hard_term_softened": {
        "en": "Your cross-entropy with the true labels uses the softened logits "
        "(student_logits / T). The temperature belongs to the soft term only: the hard term "
        "is the ordinary cross-entropy of the raw student logits (T = 1).",
        "zh": "你和真实标签的交叉熵用的是软化后的 logits（student_logits / T）。"
        "温度只属于软目标项：硬目标项是 student 原始 logits（T = 1）上的普通交叉熵。",
    },
    "alpha_swapped": {
        "en": "You weight the hard term by alpha and the soft term by 1 - alpha. In this "
        "contract alpha is the weight of the soft (teacher) term: alpha * soft + (1 - alpha) "
        "* hard. (torchdistill and the Hugging Face book's DistillationTrainer use the "
        "opposite convention: check which one an API means.)",
        "zh": "你把 alpha 给了硬目标项、1 - alpha 给了软目标项。本题里 alpha 是软目标（teacher）"
        "项的权重：alpha * soft + (1 - alpha) * hard。（torchdistill 和 Hugging Face 那本书里的 "
        "DistillationTrainer 用的是相反的约定，用之前要看清楚。）",
    },
}
