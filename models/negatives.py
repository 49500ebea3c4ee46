"""Procedural "not a die" crops, drawn on the fly while the classifier trains (models/train.py
--negatives): what a board game's table shows around dice that no training photo has. Painted
terrain (fractal noise in two to four colours: grass, rock, sand, water), cut by the straight
borders of printed tiles, with number tokens (a disc with a numeral and a row of dots), roads
and stripes. The photo sets show one tray, one office table, a dice box: a reader trained on them
alone called a printed landscape tile a die on the first game board it saw (the dice-3 fold of
leave-one-set-out, models/README.md). The recipe's readers, which see these from the first epoch,
read none of this project's printed corner markers as a die; drawing the markers too (session 34,
commit 6cebd5a) was not needed for that and is gone.

Everything here is torch on the CPU, seeded by train.py's generator, in 0..1 RGB, N x 3 x S x S.
"""
import math

import torch
import torch.nn.functional as F


def fractal(n, s, gen, octaves=5):
    """N x 1 x S x S noise in 0..1 with energy at every scale (1/f-like), as painted terrain has."""
    out = torch.zeros(n, 1, s, s)
    amp, total = 1.0, 0.0
    falloff = 0.45 + 0.35 * torch.rand(1, generator=gen).item()
    for o in range(octaves):
        g = 2 ** (o + 1) + 1
        base = torch.rand(n, 1, g, g, generator=gen)
        out += amp * F.interpolate(base, size=(s, s), mode='bicubic', align_corners=True)
        total += amp
        amp *= falloff
    out /= total
    lo = out.amin(dim=(2, 3), keepdim=True)
    hi = out.amax(dim=(2, 3), keepdim=True)
    return (out - lo) / (hi - lo + 1e-6)


def palette(t, gen):
    """Maps noise t (N x 1 x S x S) through 2-4 random colours per sample."""
    n = t.shape[0]
    k = int(torch.randint(2, 5, (1,), generator=gen))
    cols = torch.rand(n, k, 3, generator=gen)
    # Half the samples in muted, natural paint (a grey pulled towards a colour), half in any colour.
    grey = torch.rand(n, k, 1, generator=gen)
    muted = grey + (cols - grey) * torch.rand(n, k, 1, generator=gen) * 0.6
    cols = torch.where(torch.rand(n, 1, 1, generator=gen) < 0.5, muted, cols)
    pos = t.clamp(0, 1) * (k - 1)
    i0 = pos.floor().long().clamp(max=k - 2)
    f = pos - i0
    c0 = torch.gather(cols, 1, i0.flatten(1)[:, :, None].expand(-1, -1, 3))
    c1 = torch.gather(cols, 1, (i0 + 1).flatten(1)[:, :, None].expand(-1, -1, 3))
    f = f.flatten(1)[:, :, None]
    img = c0 * (1 - f) + c1 * f
    return img.permute(0, 2, 1).reshape(n, 3, *t.shape[-2:])


def grid(s):
    ys, xs = torch.meshgrid(torch.arange(s).float(), torch.arange(s).float(), indexing='ij')
    return xs, ys


def rand(gen, lo, hi):
    return lo + (hi - lo) * torch.rand(1, generator=gen).item()


def colour(gen):
    return torch.rand(3, 1, 1, generator=gen)


def line_mask(xs, ys, gen, s):
    """A straight band through the crop: a tile's border, a road, the edge of a card."""
    a = rand(gen, 0, math.pi)
    px, py = rand(gen, 0, s), rand(gen, 0, s)
    d = (xs - px) * math.sin(a) - (ys - py) * math.cos(a)
    w = rand(gen, 0.6, s * 0.06)
    return (d.abs() < w).float(), d


def token(img, xs, ys, gen, s):
    """A number token: a pale disc with a dark numeral (a few strokes) and a row of small dots."""
    cx, cy = rand(gen, 0.15 * s, 0.85 * s), rand(gen, 0.15 * s, 0.85 * s)
    r = rand(gen, 0.12 * s, 0.45 * s)
    disc = ((xs - cx) ** 2 + (ys - cy) ** 2 < r * r).float()
    face = torch.tensor([0.85, 0.8, 0.65])[:, None, None] + 0.15 * (colour(gen) - 0.5)
    img = img * (1 - disc) + face * disc
    ink = torch.tensor([0.1, 0.08, 0.06])[:, None, None] if rand(gen, 0, 1) < 0.6 else torch.tensor([0.6, 0.1, 0.1])[:, None, None]
    strokes = torch.zeros(s, s)
    for _ in range(int(rand(gen, 2, 5))):
        x0, y0 = cx + rand(gen, -0.35, 0.35) * r, cy + rand(gen, -0.45, 0.15) * r
        a = rand(gen, 0, math.pi)
        L = rand(gen, 0.15, 0.45) * r
        t = ((xs - x0) * math.cos(a) + (ys - y0) * math.sin(a)).clamp(-L, L)
        d = torch.hypot(xs - x0 - t * math.cos(a), ys - y0 - t * math.sin(a))
        strokes = torch.maximum(strokes, (d < max(0.6, 0.07 * r)).float())
    k = int(rand(gen, 0, 6))
    for j in range(k):
        dx = (j - (k - 1) / 2) * 0.22 * r
        strokes = torch.maximum(strokes, (torch.hypot(xs - cx - dx, ys - cy - 0.55 * r) < max(0.6, 0.07 * r)).float())
    m = strokes * disc
    return img * (1 - m) + ink * m


def draw(n, s, gen):
    """N crops of S x S pixels, each a patch of printed or painted table with no die on it."""
    xs, ys = grid(s)
    big = 2 * s  # drawn at twice the size and shrunk: printed edges are soft at a die's size
    bx, by = grid(big)
    base = palette(fractal(n, big, gen), gen)
    fine = fractal(n, big, gen, octaves=6)
    grain = torch.rand(n, 1, 1, 1, generator=gen)  # how rough the paint is: smooth print to rocky terrain
    base = (base * (1 + grain * (fine - 0.5) * 1.2)).clamp(0, 1)
    out = []
    for i in range(n):
        img = base[i]
        # Straight borders between tiles of different paint.
        for _ in range(int(rand(gen, 0, 4))):
            m, d = line_mask(bx, by, gen, big)
            if rand(gen, 0, 1) < 0.5:  # the far side is another tile: another paint
                other = palette(fractal(1, big, gen), gen)[0]
                img = torch.where(d > 0, other, img)
            img = img * (1 - m) + colour(gen) * m
        if rand(gen, 0, 1) < 0.25:  # stripes: water, ruled paper, a cloth's weave
            a = rand(gen, 0, math.pi)
            per = rand(gen, 3, big / 3)
            wave = torch.sin(((bx * math.cos(a) + by * math.sin(a)) / per + rand(gen, 0, 0.3) * torch.sin(by / per)) * 2 * math.pi)
            img = img * (1 - 0.25 * (wave > 0.6).float()) + 0.25 * (wave > 0.6).float() * colour(gen)
        if rand(gen, 0, 1) < 0.45:
            img = token(img, bx, by, gen, big)
        out.append(img)
    x = torch.stack(out)
    return F.interpolate(x, size=(s, s), mode='area').clamp(0, 1)
