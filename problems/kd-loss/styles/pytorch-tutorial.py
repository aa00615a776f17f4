"""The PyTorch knowledge-distillation tutorial (pytorch/tutorials,
beginner_source/knowledge_distillation_tutorial.py, train_knowledge_distillation): soft_targets
and soft_prob, the sum of soft_targets * (log soft_targets - soft_prob) divided by the batch
size and scaled by T**2, then a weighted sum with the label loss.

Changed: the tutorial takes soft_targets.log(), which is log 0 = -inf (and 0 * -inf = NaN)
when a teacher probability underflows; here the teacher's log-probabilities come from
log_softmax. The weights soft_target_loss_weight / ce_loss_weight are alpha / 1 - alpha.
"""

import torch
from torch import nn


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    ce_loss = nn.CrossEntropyLoss()
    soft_target_loss_weight, ce_loss_weight = alpha, 1.0 - alpha

    # Soften the student logits by applying softmax first and log() second
    log_soft_targets = nn.functional.log_softmax(teacher_logits / T, dim=-1)
    soft_targets = log_soft_targets.exp()
    soft_prob = nn.functional.log_softmax(student_logits / T, dim=-1)

    # Scaled by T**2 as in "Distilling the knowledge in a neural network"
    soft_targets_loss = (
        torch.sum(soft_targets * (log_soft_targets - soft_prob)) / soft_prob.size()[0] * (T**2)
    )
    label_loss = ce_loss(student_logits, labels)
    return soft_target_loss_weight * soft_targets_loss + ce_loss_weight * label_loss
