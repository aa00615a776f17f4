"""Known mistakes in the post-LN decoder layer (same submodules as the reference)."""

from .reference import TransformerDecoderLayer as _Base


class ResidualMissing(_Base):
    def forward(self, x, memory, tgt_mask=None, memory_mask=None):
        x = self.norm1(self.dropout(self.self_attn(x, x, x, tgt_mask)))
        x = self.norm2(self.dropout(self.cross_attn(x, memory, memory, memory_mask)))
        return self.norm3(self.dropout(self.ffn(x)))


class PreLN(_Base):
    def forward(self, x, memory, tgt_mask=None, memory_mask=None):
        h = self.norm1(x)
        x = x + self.dropout(self.self_attn(h, h, h, tgt_mask))
        x = x + self.dropout(self.cross_attn(self.norm2(x), memory, memory, memory_mask))
        return x + self.dropout(self.ffn(self.norm3(x)))


class ReluMissing(_Base):
    def forward(self, x, memory, tgt_mask=None, memory_mask=None):
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, tgt_mask)))
        x = self.norm2(x + self.dropout(self.cross_attn(x, memory, memory, memory_mask)))
        return self.norm3(x + self.dropout(self.ffn[3](self.ffn[0](x))))


class CrossAttentionWrongSource(_Base):
    def forward(self, x, memory, tgt_mask=None, memory_mask=None):
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, tgt_mask)))
        # The self-attention line copied: keys and values (and the mask) from the target.
        x = self.norm2(x + self.dropout(self.cross_attn(x, x, x, tgt_mask)))
        return self.norm3(x + self.dropout(self.ffn(x)))


class MemoryMaskNotApplied(_Base):
    def forward(self, x, memory, tgt_mask=None, memory_mask=None):
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, tgt_mask)))
        x = self.norm2(x + self.dropout(self.cross_attn(x, memory, memory)))
        return self.norm3(x + self.dropout(self.ffn(x)))


class TgtMaskNotApplied(_Base):
    def forward(self, x, memory, tgt_mask=None, memory_mask=None):
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x)))
        x = self.norm2(x + self.dropout(self.cross_attn(x, memory, memory, memory_mask)))
        return self.norm3(x + self.dropout(self.ffn(x)))


MISTAKES = {
    "residual_missing": ResidualMissing,
    "pre_ln_instead_of_post_ln": PreLN,
    "relu_missing": ReluMissing,
    "cross_attention_wrong_source": CrossAttentionWrongSource,
    "memory_mask_not_applied": MemoryMaskNotApplied,
    "tgt_mask_not_applied": TgtMaskNotApplied,
}

MESSAGES = {
    "cross_attention_wrong_source": {
        "en": "Your cross-attention takes its keys and values from the decoder input x "
        "(it is a second self-attention). Queries come from x, keys and values from the "
        "encoder output: cross_attn(x, memory, memory, memory_mask).",
        "zh": "你的交叉注意力的 key 和 value 取自解码器输入 x（等于又做了一次自注意力）。"
        "query 来自 x，key 和 value 来自编码器输出：cross_attn(x, memory, memory, memory_mask)。",
    },
    "memory_mask_not_applied": {
        "en": "memory_mask is not used: your cross-attention attends to padded encoder "
        "positions. Pass it to the cross-attention: cross_attn(x, memory, memory, memory_mask).",
        "zh": "没有用上 memory_mask：交叉注意力关注到了编码器一侧的 padding 位置。"
        "把它传给交叉注意力：cross_attn(x, memory, memory, memory_mask)。",
    },
    "tgt_mask_not_applied": {
        "en": "tgt_mask is not used: your self-attention lets each target position see later "
        "positions. Pass it to the self-attention: self_attn(x, x, x, tgt_mask).",
        "zh": "没有用上 tgt_mask：自注意力让每个目标位置看到了后面的位置。"
        "把它传给自注意力：self_attn(x, x, x, tgt_mask)。",
    },
}
