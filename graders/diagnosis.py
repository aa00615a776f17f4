"""What each shared mistake tag means, in both languages: a view kept for old imports.

The texts live in their families (graders.families) and in graders.variants; DIAGNOSES is
derived from them, so `from graders.diagnosis import DIAGNOSES` keeps working.
"""

from __future__ import annotations

from graders.families import FAMILIES
from graders.variants import VARIANTS, describe, shared_text

__all__ = ["DIAGNOSES", "describe"]

DIAGNOSES: dict[str, dict[str, str]] = {
    tag: {"en": text.en, "zh": text.zh}
    for tag in [*FAMILIES, *VARIANTS]
    if (text := shared_text(tag)) is not None
}
