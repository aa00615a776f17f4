"""The backward-pass problems' references agree with torch autograd on their own cases."""

import numpy as np
import pytest
import torch

from app.bank import Bank


def _close(got: np.ndarray, want: torch.Tensor) -> bool:
    return got.shape == tuple(want.shape) and np.allclose(got, want.numpy(), rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_softmax_backward_reference_is_autograd(bank: Bank, seed: int) -> None:
    problem = bank.get("softmax-backward")
    for case in problem.build_cases(seed):
        i = case.inputs
        x = torch.log(torch.from_numpy(i["y"])).requires_grad_()
        torch.softmax(x, dim=i.get("axis", -1)).backward(torch.from_numpy(i["grad_y"]))
        assert _close(problem.reference(**i), x.grad), case.name


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_layer_norm_backward_reference_is_autograd(bank: Bank, seed: int) -> None:
    problem = bank.get("layer-norm-backward")
    for case in problem.build_cases(seed):
        i = case.inputs
        x = torch.from_numpy(i["x"]).requires_grad_()
        gamma = torch.from_numpy(i["gamma"]).requires_grad_()
        beta = torch.zeros_like(gamma, requires_grad=True)
        y = torch.nn.functional.layer_norm(x, gamma.shape, gamma, beta, eps=i.get("eps", 1e-5))
        y.backward(torch.from_numpy(i["grad_out"]))
        got = problem.reference(**i)
        assert all(map(_close, got, (x.grad, gamma.grad, beta.grad))), case.name


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_attention_backward_reference_is_autograd(bank: Bank, seed: int) -> None:
    problem = bank.get("attention-backward")
    for case in problem.build_cases(seed):
        i = case.inputs
        q, k, v = (torch.from_numpy(i[name]).requires_grad_() for name in "qkv")
        out = torch.softmax(q @ k.T / q.shape[-1] ** 0.5, dim=-1) @ v
        out.backward(torch.from_numpy(i["grad_out"]))
        got = problem.reference(**i)
        assert all(map(_close, got, (q.grad, k.grad, v.grad))), case.name
