"""Every reference implementation against an independent formula or a torch built-in."""

import math

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from reference_impl import numpy_ops, torch_ops

RNG = np.random.default_rng(0)


def test_softmax_matches_an_explicit_loop_and_survives_large_logits() -> None:
    x = RNG.normal(size=(3, 5)) * 4
    loop = np.array([[math.exp(v) / sum(math.exp(u) for u in row) for v in row] for row in x])
    np.testing.assert_allclose(numpy_ops.softmax(x), loop, rtol=1e-12)
    np.testing.assert_allclose(numpy_ops.softmax(x, axis=0), numpy_ops.softmax(x.T).T)
    big = numpy_ops.softmax(np.array([1000.0, 999.0, -1000.0]))
    assert np.all(np.isfinite(big)) and big[0] == pytest.approx(1 / (1 + math.exp(-1)))


@pytest.mark.parametrize("mask_shape", [None, (2, 4, 6), (2, 1, 6), (4, 6)])
def test_numpy_sdpa_matches_torch_sdpa(mask_shape: tuple[int, ...] | None) -> None:
    q, k, v = RNG.normal(size=(2, 4, 8)), RNG.normal(size=(2, 6, 8)), RNG.normal(size=(2, 6, 3))
    mask = None
    if mask_shape:
        mask = (RNG.random(mask_shape) < 0.4).astype(np.float32)
        mask[..., 0] = 0
    out, weights = numpy_ops.scaled_dot_product_attention(q, k, v, mask)
    allowed = None if mask is None else torch.from_numpy(mask == 0)
    expected = F.scaled_dot_product_attention(
        torch.from_numpy(q), torch.from_numpy(k), torch.from_numpy(v), attn_mask=allowed
    )
    np.testing.assert_allclose(out, expected.numpy(), atol=1e-10)
    np.testing.assert_allclose(weights.sum(-1), 1.0)


def test_torch_attention_matches_sdpa_with_boolean_mask_and_is_differentiable() -> None:
    q = torch.randn(2, 3, 4, 8, dtype=torch.float64, requires_grad=True)
    k, v = (
        torch.randn(2, 3, 5, 8, dtype=torch.float64),
        torch.randn(2, 3, 5, 6, dtype=torch.float64),
    )
    mask = torch.rand(2, 1, 1, 5) > 0.3
    mask[..., 0] = True
    out = torch_ops.attention(q, k, v, mask)
    torch.testing.assert_close(out, F.scaled_dot_product_attention(q, k, v, attn_mask=mask))
    out.sum().backward()
    assert q.grad is not None and torch.isfinite(q.grad).all()


def test_causal_mask_is_true_where_key_not_after_query() -> None:
    mask = torch_ops.causal_mask(5)
    assert mask.dtype == torch.bool
    assert all(mask[i, j] == (j <= i) for i in range(5) for j in range(5))


def test_padding_mask_marks_real_tokens() -> None:
    mask = torch_ops.padding_mask(torch.tensor([2, 0, 4]), 4)
    assert mask.shape == (3, 1, 1, 4) and mask.dtype == torch.bool
    assert mask[:, 0, 0].tolist() == [[True, True, False, False], [False] * 4, [True] * 4]


def test_numpy_multi_head_attention_matches_per_head_torch_computation() -> None:
    d_model, heads = 12, 3
    x = RNG.normal(size=(2, 5, d_model))
    ws = [[RNG.normal(size=(d_model, d_model // heads)) for _ in range(heads)] for _ in range(3)]
    wo = RNG.normal(size=(d_model, d_model))
    out = numpy_ops.multi_head_attention(x, *ws, wo, num_heads=heads)
    xt = torch.from_numpy(x)
    heads_out = [
        F.scaled_dot_product_attention(*(xt @ torch.from_numpy(w[i]) for w in ws))
        for i in range(heads)
    ]
    np.testing.assert_allclose(out, (torch.cat(heads_out, -1) @ torch.from_numpy(wo)).numpy())


def _copy_into_torch_mha(ours: torch_ops.MultiHeadAttention, theirs: torch.nn.MultiheadAttention):
    with torch.no_grad():
        theirs.in_proj_weight.copy_(torch.cat([ours.wq.weight, ours.wk.weight, ours.wv.weight]))
        theirs.in_proj_bias.copy_(torch.cat([ours.wq.bias, ours.wk.bias, ours.wv.bias]))
        theirs.out_proj.weight.copy_(ours.wo.weight)
        theirs.out_proj.bias.copy_(ours.wo.bias)


def test_multi_head_attention_module_matches_nn_multihead_attention() -> None:
    torch.manual_seed(0)
    ours = torch_ops.MultiHeadAttention(16, 4).eval()
    theirs = torch.nn.MultiheadAttention(16, 4, batch_first=True).eval()
    _copy_into_torch_mha(ours, theirs)
    q, kv = torch.randn(2, 3, 16), torch.randn(2, 7, 16)
    allowed = torch.rand(2, 1, 1, 7) > 0.3
    allowed[..., 0] = True
    with torch.no_grad():
        got = ours(q, kv, kv, allowed)
        expected, _ = theirs(q, kv, kv, key_padding_mask=~allowed[:, 0, 0], need_weights=False)
    torch.testing.assert_close(got, expected, atol=1e-5, rtol=1e-4)


def test_positional_encoding_matches_the_paper_formula() -> None:
    pe = numpy_ops.positional_encoding(30, 8)
    for pos in (0, 1, 29):
        for i in range(4):
            angle = pos / 10000 ** (2 * i / 8)
            assert pe[pos, 2 * i] == pytest.approx(math.sin(angle))
            assert pe[pos, 2 * i + 1] == pytest.approx(math.cos(angle))


def test_positional_encoding_module_uses_a_buffer_and_adds_the_table() -> None:
    module = torch_ops.PositionalEncoding(8, max_seq_len=30)
    assert "pe" in dict(module.named_buffers()) and not list(module.parameters())
    assert module.pe.shape == (1, 30, 8)
    out = module(torch.zeros(2, 5, 8))
    np.testing.assert_allclose(out[1].numpy(), numpy_ops.positional_encoding(5, 8), atol=1e-6)


def test_layer_norm_matches_torch_layer_norm() -> None:
    x, gamma, beta = RNG.normal(size=(2, 3, 6)), RNG.normal(size=6), RNG.normal(size=6)
    for eps in (1e-5, 0.5):
        expected = F.layer_norm(
            torch.from_numpy(x), (6,), torch.from_numpy(gamma), torch.from_numpy(beta), eps
        )
        np.testing.assert_allclose(
            numpy_ops.layer_norm(x, gamma, beta, eps), expected.numpy(), atol=1e-12
        )


def test_feed_forward_matches_torch_relu_mlp() -> None:
    x, w1, b1 = RNG.normal(size=(2, 4, 5)), RNG.normal(size=(5, 7)), RNG.normal(size=7)
    w2, b2 = RNG.normal(size=(7, 5)), RNG.normal(size=5)
    t = torch.from_numpy
    expected = F.linear(F.relu(F.linear(t(x), t(w1).T, t(b1))), t(w2).T, t(b2))
    np.testing.assert_allclose(numpy_ops.feed_forward(x, w1, b1, w2, b2), expected.numpy())


def test_encoder_layer_matches_nn_transformer_encoder_layer() -> None:
    torch.manual_seed(1)
    ours = torch_ops.TransformerEncoderLayer(16, 4, 32).eval()
    theirs = torch.nn.TransformerEncoderLayer(16, 4, 32, dropout=0.1, batch_first=True).eval()
    _copy_into_torch_mha(ours.self_attn, theirs.self_attn)
    with torch.no_grad():
        for a, b in (
            (ours.ffn[0], theirs.linear1),
            (ours.ffn[3], theirs.linear2),
            (ours.norm1, theirs.norm1),
            (ours.norm2, theirs.norm2),
        ):
            b.weight.copy_(a.weight)
            b.bias.copy_(a.bias)
        x = torch.randn(2, 6, 16)
        allowed = torch.ones(2, 1, 1, 6, dtype=torch.bool)
        allowed[1, ..., 4:] = False
        got = ours(x, allowed)
        expected = theirs(x, src_key_padding_mask=~allowed[:, 0, 0])
    # The fast path zeroes padded query rows; compare the real tokens.
    torch.testing.assert_close(got[0], expected[0], atol=1e-5, rtol=1e-4)
    torch.testing.assert_close(got[1, :4], expected[1, :4], atol=1e-5, rtol=1e-4)
