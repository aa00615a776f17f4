"""Interview-prep file with a self-check under `if __name__ == "__main__":` that compares against
torch.softmax. The check never runs when the file is imported; the solution itself is NumPy only."""

import numpy as np


def softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    x_max = np.max(x, axis=axis, keepdims=True)
    e_x = np.exp(x - x_max)
    return e_x / np.sum(e_x, axis=axis, keepdims=True)


if __name__ == "__main__":
    import torch

    logits = np.random.randn(4, 5, 6) * 100
    for ax in (0, 1, 2, -1):
        expected = torch.softmax(torch.from_numpy(logits), dim=ax).numpy()
        assert np.allclose(softmax(logits, axis=ax), expected)
    print("all good")
