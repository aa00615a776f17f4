"""Adapted from optax (optax/_src/schedule.py): `warmup_cosine_decay_schedule` is
join_schedules([linear_schedule(init_value, peak_value, warmup_steps),
cosine_decay_schedule(peak_value, decay_steps - warmup_steps, alpha=end_value / peak_value)],
[warmup_steps]); join_schedules evaluates jnp.where(step < boundary, output,
schedule(step - boundary)); cosine_decay_schedule clips count at decay_steps and returns
init_value * ((1 - alpha) * 0.5 * (1 + cos(pi * count / decay_steps)) + alpha).
Changed: numpy instead of jax, init_value = 0, and decay_steps - warmup_steps gets
max(1, .) (optax raises for a non-positive decay_steps)."""

import numpy as np


def linear_schedule(init_value, end_value, transition_steps):
    def schedule(count):
        count = np.clip(count, 0, max(1, transition_steps))
        frac = 1 - count / max(1, transition_steps)
        return (init_value - end_value) * frac + end_value

    return schedule


def cosine_decay_schedule(init_value, decay_steps, alpha=0.0):
    def schedule(count):
        count = np.minimum(count, decay_steps)
        cosine_decay = 0.5 * (1 + np.cos(np.pi * count / decay_steps))
        return init_value * ((1 - alpha) * cosine_decay + alpha)

    return schedule


def join_schedules(schedules, boundaries):
    def schedule(step):
        output = schedules[0](step)
        for boundary, sched in zip(boundaries, schedules[1:], strict=True):
            output = np.where(step < boundary, output, sched(step - boundary))
        return output

    return schedule


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    schedule = join_schedules(
        [
            linear_schedule(0.0, peak_lr, warmup_steps),
            cosine_decay_schedule(
                peak_lr, max(1, total_steps - warmup_steps), alpha=min_lr / peak_lr
            ),
        ],
        [warmup_steps],
    )
    return np.asarray(schedule(step.astype(np.float64)), dtype=np.float64)
