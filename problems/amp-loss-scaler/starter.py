import numpy as np


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    """One step of dynamic loss scaling, as torch.amp.GradScaler does it.

    grads: list of float64 arrays, the gradients of the scaled loss (scale times too large)
    scale: Python float > 0, the current loss scale
    growth_tracker: Python int >= 0, consecutive clean steps since the scale last changed
    Returns: (unscaled, found_inf, new_scale, new_tracker): a list of new arrays, a bool,
    a float and an int (Python values or 0-d arrays). `grads` must not be changed.
    """
    # TODO: unscaled = every grad divided by scale (new arrays)
    # TODO: found_inf = any entry of any grad is inf or NaN
    # TODO: overflow: back the scale off, reset the tracker
    # TODO: clean step: count it; at growth_interval grow the scale and reset the tracker
    return [np.zeros_like(g) for g in grads], False, 0.0, 0
