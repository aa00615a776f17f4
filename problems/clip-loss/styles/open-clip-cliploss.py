"""Adapted from open_clip (mlfoundations/open_clip), src/open_clip/loss.py `ClipLoss`, single
process (world_size 1, no gather_features): logits_per_image and logits_per_text computed as
two matrix products, labels from torch.arange cached per device, and the mean of the two
F.cross_entropy terms. In open_clip the model hands the loss normalised features and
logit_scale.exp(), and training clamps the parameter in place to ln(100) after each step
(src/open_clip_train/train.py); here the function does both: normalise, and exp of the
scale clamped at ln(100), the same multiplier without touching the input."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class ClipLoss(nn.Module):
    def __init__(self, cache_labels=False):
        super().__init__()
        self.cache_labels = cache_labels
        # cache state
        self.prev_num_logits = 0
        self.labels = {}

    def get_ground_truth(self, device, num_logits) -> torch.Tensor:
        if self.prev_num_logits != num_logits or device not in self.labels:
            labels = torch.arange(num_logits, device=device, dtype=torch.long)
            if self.cache_labels:
                self.labels[device] = labels
                self.prev_num_logits = num_logits
        else:
            labels = self.labels[device]
        return labels

    def get_logits(self, image_features, text_features, logit_scale):
        logits_per_image = logit_scale * image_features @ text_features.T
        logits_per_text = logit_scale * text_features @ image_features.T
        return logits_per_image, logits_per_text

    def forward(self, image_features, text_features, logit_scale):
        device = image_features.device
        logits_per_image, logits_per_text = self.get_logits(
            image_features, text_features, logit_scale
        )
        labels = self.get_ground_truth(device, logits_per_image.shape[0])
        total_loss = (
            F.cross_entropy(logits_per_image, labels) + F.cross_entropy(logits_per_text, labels)
        ) / 2
        return total_loss, logits_per_image


def clip_loss(image_emb, text_emb, logit_scale):
    image_features = F.normalize(image_emb, dim=-1)
    text_features = F.normalize(text_emb, dim=-1)
    # the value after open_clip's logit_scale.clamp_(0, math.log(100)), then .exp()
    scale = logit_scale.clamp(max=math.log(100)).exp()
    return ClipLoss()(image_features, text_features, scale)
