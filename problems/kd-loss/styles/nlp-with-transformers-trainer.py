"""The DistillationTrainer of "Natural Language Processing with Transformers" (Tunstall, von
Werra, Wolf; Hugging Face's nlp-with-transformers/notebooks, 08_model-compression.ipynb):
nn.KLDivLoss(reduction="batchmean") on F.log_softmax(logits_stu / T) and
F.softmax(logits_tea / T), times temperature ** 2, mixed with the student's own loss.

Changed: cut from Trainer.compute_loss to a function, with the arguments on a small args
object as in DistillationTrainingArguments; the book's alpha weighs the student's hard loss
(alpha * loss_ce + (1 - alpha) * loss_kd), so this contract's alpha is passed as 1 - alpha.
"""

from dataclasses import dataclass

import torch.nn.functional as F
from torch import nn


@dataclass
class DistillationArguments:
    alpha: float = 0.5
    temperature: float = 2.0


def compute_loss(args, logits_stu, logits_tea, labels):
    loss_ce = F.cross_entropy(logits_stu, labels)
    loss_fct = nn.KLDivLoss(reduction="batchmean")
    loss_kd = args.temperature**2 * loss_fct(
        F.log_softmax(logits_stu / args.temperature, dim=-1),
        F.softmax(logits_tea / args.temperature, dim=-1),
    )
    return args.alpha * loss_ce + (1.0 - args.alpha) * loss_kd


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    args = DistillationArguments(alpha=1.0 - alpha, temperature=T)
    return compute_loss(args, student_logits, teacher_logits.detach(), labels)
