"""Known mistakes in the encoder-decoder: the reference with one step changed."""

from __future__ import annotations

import torch

from .reference import Transformer


class _Transformer(Transformer):
    """The reference, with the step each mistake changes as a method."""

    def _decoder_input(self, tgt):
        return torch.cat([torch.full_like(tgt[:, :1], self.sos_id), tgt[:, :-1]], dim=1)

    def _tgt_mask(self, dec_in):
        lt = dec_in.size(1)
        causal = torch.tril(torch.ones(lt, lt, dtype=torch.bool))
        return (dec_in != self.pad_id)[:, None, None, :] & causal

    def _src_mask(self, src):
        return (src != self.pad_id)[:, None, None, :]

    def _memory_mask(self, src_mask):
        return src_mask

    def forward(self, src: torch.Tensor, tgt: torch.Tensor) -> torch.Tensor:
        dec_in = self._decoder_input(tgt)
        src_mask, tgt_mask = self._src_mask(src), self._tgt_mask(dec_in)
        memory = self._embed(self.src_embed, src)
        for layer in self.encoder_layers:
            memory = layer(memory, src_mask)
        x = self._embed(self.tgt_embed, dec_in)
        for layer in self.decoder_layers:
            x = layer(x, memory, tgt_mask, self._memory_mask(src_mask))
        return self.generator(x)


class NotShifted(_Transformer):
    def _decoder_input(self, tgt):
        return tgt  # position i sees token i: it only has to copy its input


class CausalMaskMissing(_Transformer):
    def _tgt_mask(self, dec_in):
        return (dec_in != self.pad_id)[:, None, None, :]


class SrcPaddingMissing(_Transformer):
    def _src_mask(self, src):
        return None


class MemoryMaskMissing(_Transformer):
    def _memory_mask(self, src_mask):
        return None  # the encoder masks padding, cross-attention does not


class EmbeddingNotScaled(_Transformer):
    def _embed(self, embedding, tokens):
        return self.dropout(embedding(tokens) + self.pe[: tokens.size(1)])


MISTAKES = {
    "not_shifted": NotShifted,
    "causal_mask_missing": CausalMaskMissing,
    "src_padding_missing": SrcPaddingMissing,
    "memory_mask_missing": MemoryMaskMissing,
    "embedding_not_scaled": EmbeddingNotScaled,
}

MESSAGES = {
    "not_shifted": {
        "en": "Your decoder reads the target as it is. With teacher forcing the decoder input "
        "is the target shifted right: sos_id first, the last token dropped, so position i "
        "predicts tgt[i] from tgt[:i] and never sees the token it must predict.",
        "zh": "你的解码器直接读入了原始目标序列。teacher forcing 时解码器的输入是右移一位的目标："
        "开头放 sos_id，去掉最后一个 token，这样位置 i 只根据 tgt[:i] 预测 tgt[i]，"
        "看不到自己要预测的那个 token。",
    },
    "causal_mask_missing": {
        "en": "The decoder's self-attention has no causal mask: each position sees later "
        "target tokens. Combine the padding mask with torch.tril(ones(Lt, Lt)) into a "
        "[B, 1, Lt, Lt] mask.",
        "zh": "解码器自注意力缺少因果掩码：每个位置都能看到后面的目标 token。"
        "要把填充掩码和 torch.tril(ones(Lt, Lt)) 合成一个 [B, 1, Lt, Lt] 的掩码。",
    },
    "src_padding_missing": {
        "en": "The source padding mask is not used: build (src != pad_id)[:, None, None, :] and "
        "pass it to every encoder layer and to every decoder layer's cross-attention.",
        "zh": "没有用源序列的填充掩码：要构造 (src != pad_id)[:, None, None, :]，"
        "传给每一层编码器，以及每一层解码器的交叉注意力。",
    },
    "memory_mask_missing": {
        "en": "The encoder masks the source padding, but cross-attention does not: the decoder "
        "still attends to the padded memory positions. Pass the source mask to cross_attn too.",
        "zh": "编码器屏蔽了源序列的 padding，交叉注意力却没有：解码器仍会关注 memory 中的 padding "
        "位置。cross_attn 也要传入源序列掩码。",
    },
    "embedding_not_scaled": {
        "en": "The embeddings are not scaled: multiply both the source and the target "
        "embeddings by sqrt(d_model) before adding the positional encoding.",
        "zh": "词向量没有缩放：源端和目标端的词向量都要先乘以 sqrt(d_model)，再加位置编码。",
    },
}
