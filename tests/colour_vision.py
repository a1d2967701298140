"""Colour vision deficiency simulation and colour difference, for the colour-blind tests.

Simulation: the 3 x 3 matrices of Machado, Oliveira and Fernandes, *A Physiologically-based
Model for Simulation of Color Vision Deficiency* (IEEE TVCG 15(6), 2009), at severity 1.0
(protanopia, deuteranopia, tritanopia), applied to linear-light sRGB (the sRGB transfer
function undone first, redone after, results clamped to 0..1).

Difference: CIELAB (D65 white) and the CIE 1976 colour difference ΔE*ab (Euclidean distance
in L*a*b*); about 2.3 is a just-noticeable difference, 10 is plainly different at a glance,
over 20 reads as another colour.
"""

from __future__ import annotations

import math

from PIL import Image

Colour = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], ...]

MACHADO_2009: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
"""Machado et al. 2009, severity 1.0, rows giving the simulated R, G and B."""


def _to_linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _to_srgb(v: float) -> int:
    v = min(1.0, max(0.0, v))
    v = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(v * 255)


def simulate(colour: Colour, kind: str) -> Colour:
    """``colour`` as seen with the deficiency ``kind`` (a key of :data:`MACHADO_2009`)."""
    rgb = [_to_linear(c) for c in colour[:3]]
    return tuple(_to_srgb(sum(m * v for m, v in zip(row, rgb, strict=True)))
                 for row in MACHADO_2009[kind])


def simulate_image(image: Image.Image, kind: str) -> Image.Image:
    """The RGB ``image`` as seen with the deficiency ``kind``: each distinct colour simulated
    once (a board picture holds a few thousand), then mapped pixel by pixel."""
    image = image.convert("RGB")
    seen = {colour: simulate(colour, kind) for _, colour in
            image.getcolors(image.width * image.height)}
    out = Image.new("RGB", image.size)
    out.putdata([seen[image.getpixel((x, y))] for y in range(image.height)
                 for x in range(image.width)])
    return out


def lab(colour: Colour) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB ``colour``."""
    r, g, b = (_to_linear(c) for c in colour[:3])
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: Colour, b: Colour) -> float:
    """The CIE 1976 colour difference ΔE*ab between two sRGB colours."""
    return math.dist(lab(a), lab(b))
