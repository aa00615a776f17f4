"""Known mistakes in the encoder stack (same submodule names as the reference)."""

from torch import nn

from reference_impl.torch_ops import TransformerEncoderLayer

from .reference import TransformerEncoder as _Base


class LayersShared(_Base):
    """[layer] * N: one layer object N times, so one set of weights (the last loaded)."""

    def __init__(self, d_model, num_heads, d_ff, num_layers, dropout=0.1, final_norm=True):
        super().__init__(d_model, num_heads, d_ff, num_layers, dropout, final_norm)
        self.layers = nn.ModuleList(
            [TransformerEncoderLayer(d_model, num_heads, d_ff, dropout)] * num_layers
        )


class FinalNormMissing(_Base):
    def forward(self, x, mask=None):
        for layer in self.layers:
            x = layer(x, mask)
        return x


class MaskNotPassed(_Base):
    def forward(self, x, mask=None):
        for layer in self.layers:
            x = layer(x)
        return x if self.norm is None else self.norm(x)


MISTAKES = {
    "layers_shared": LayersShared,
    "final_norm_missing": FinalNormMissing,
    "mask_not_passed": MaskNotPassed,
}

MESSAGES = {
    "layers_shared": {
        "en": "Your output equals one layer applied num_layers times: the layers share their "
        "weights. `[layer] * num_layers` (or appending the same object) repeats one module; "
        "build a new TransformerEncoderLayer for each position in the list.",
        "zh": "你的输出等于同一个层被重复用了 num_layers 次：各层共享了权重。"
        "`[layer] * num_layers`（或反复 append 同一个对象）只是把一个模块重复了多遍；"
        "列表里每个位置都要新建一个 TransformerEncoderLayer。",
    },
    "final_norm_missing": {
        "en": "Your output equals the stack without the final LayerNorm. When final_norm is "
        "True, apply self.norm to the output of the last layer.",
        "zh": "你的输出等于去掉最后那个 LayerNorm 的结果。final_norm 为 True 时，"
        "要对最后一层的输出再做一次 self.norm。",
    },
    "mask_not_passed": {
        "en": "Your output equals the stack run with no mask: the mask never reaches the "
        "layers. Pass it to every layer: x = layer(x, mask).",
        "zh": "你的输出等于不带掩码运行整个堆叠的结果：掩码没有传到各层。"
        "每一层都要把它传进去：x = layer(x, mask)。",
    },
}
