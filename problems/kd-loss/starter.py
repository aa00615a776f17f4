def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    """Knowledge-distillation loss: alpha * soft + (1 - alpha) * hard.

    student_logits: float32 [N, C], teacher_logits: float32 [N, C]
    labels: int64 [N], class ids in [0, C)
    T: temperature (> 0), alpha: weight of the soft (teacher) term, in [0, 1]
    Returns: a 0-d float tensor, differentiable w.r.t. student_logits.
    """
    # TODO: soften student and teacher with the temperature T (log-probabilities, stably)
    # TODO: soft = KL(teacher || student) summed over classes, averaged over rows, times T**2
    # TODO: hard = cross-entropy of the student's raw logits against labels
    return student_logits.sum() * 0.0
