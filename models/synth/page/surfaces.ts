/**
 * Table surfaces as seamless tiles: red mixes the surface's two colours, green shades (0.5 is
 * neutral), blue is height for the bump map. The tiles hold no colour, so one tile serves every
 * colour of its kind; a few variants of each kind are drawn once per page and kept.
 */
import { CanvasTexture, LinearMipmapLinearFilter, NoColorSpace, RepeatWrapping } from 'three';
import type { SurfaceKind } from '../scene/spec.ts';
import { TileNoise } from './noise.ts';

export const SURFACE_VARIANTS = 4;
const cache = new Map<string, CanvasTexture>();

export function surfaceTexture(kind: SurfaceKind, seed: number): CanvasTexture {
  const variant = seed % SURFACE_VARIANTS;
  const key = `${kind}:${variant}`;
  let tex = cache.get(key);
  if (!tex) {
    const size = kind === 'wood' || kind === 'neoprene' || kind === 'carpet' ? 1024 : 512;
    tex = new CanvasTexture(drawSurface(kind, variant, size));
    tex.wrapS = tex.wrapT = RepeatWrapping;
    tex.colorSpace = NoColorSpace;
    tex.minFilter = LinearMipmapLinearFilter;
    tex.anisotropy = 8;
    cache.set(key, tex);
  }
  return tex;
}

type Texel = (u: number, v: number) => [number, number, number];

function drawSurface(kind: SurfaceKind, variant: number, size: number): HTMLCanvasElement {
  const n = new TileNoise(1000 + variant * 17 + kind.length * 131, 4);
  const fine = new TileNoise(7000 + variant * 29 + kind.length * 7, 64, 3);
  const coarse = new TileNoise(3000 + variant * 13 + kind.length * 5, 1, 3);
  const texel = SURFACES[kind](n, fine, variant, size, coarse);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext('2d')!;
  const img = ctx.createImageData(size, size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const [r, g, b] = texel(x / size, y / size);
      const i = (y * size + x) * 4;
      img.data[i] = r * 255;
      img.data[i + 1] = g * 255;
      img.data[i + 2] = b * 255;
      img.data[i + 3] = 255;
    }
  }
  ctx.putImageData(img, 0, 0);
  return canvas;
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));
const smooth = (a: number, b: number, v: number) => {
  const t = clamp((v - a) / (b - a));
  return t * t * (3 - 2 * t);
};

const SURFACES: Record<SurfaceKind, (n: TileNoise, fine: TileNoise, variant: number, size: number, coarse: TileNoise) => Texel> = {
  wood: (n, fine, variant, _size, coarse) => {
    const planks = [1, 2, 3, 5][variant];
    return (u, v) => {
      // Planks along u. Across each, growth rings: bands whose late wood is a thin dark line,
      // wandering with the grain; fine fibres stretched along it; each plank its own tone.
      const plank = Math.floor(v * planks);
      const pv = v * planks - plank;
      const shift = plank * 0.37;
      // The grain wanders slowly along the plank (one to four waves a tile), barely across it.
      const warp = coarse.fbm(u + shift, pv * 0.3 + shift, 0, 2);
      const rings = pv * [14, 22, 18, 30][variant] + warp * 5 + 0.3 * n.octave(1, u + shift, pv);
      const t = rings - Math.floor(rings);
      const late = (smooth(0.78, 0.93, t) * (1 - smooth(0.95, 1, t))) * (0.5 + 0.5 * n.octave(2, u, v));
      const fibre = fine.octave(2, u * 0.125 + shift, v * 2);
      const tone = 0.15 * ((plank * 0.618) % 1);
      const seam = planks > 1 && (pv < 0.006 || pv > 0.994) ? 0.25 : 1;
      const r = clamp(0.1 + 0.65 * late + 0.3 * (fibre - 0.5) + tone);
      return [r, clamp((0.5 + 0.12 * (fibre - 0.5) - 0.1 * late) * seam), clamp(0.5 - 0.3 * late) * seam];
    };
  },
  felt: (_n, fine) => (u, v) => {
    const f = fine.fbm(u * 2, v * 2, 0, 2);
    return [0, 0.5 + (f - 0.5) * 0.25, f];
  },
  cloth: (n, fine, variant, size) => {
    const threads = size / 4;
    return (u, v) => {
      const tx = Math.sin((u * threads + 0.25) * Math.PI * 2);
      const ty = Math.sin((v * threads + 0.25) * Math.PI * 2);
      const over = (Math.floor(u * threads) + Math.floor(v * threads)) % 2 === 0;
      const weave = over ? 0.5 + 0.35 * tx : 0.5 + 0.35 * ty;
      const fuzz = fine.octave(2, u, v);
      // Variants: plain, gingham, stripes, a faint slub.
      const check = Math.floor(u * 8) % 2 + Math.floor(v * 8) % 2;
      const r = variant === 1 ? check / 2 : variant === 2 ? (Math.floor(u * 10) % 2) : smooth(0.6, 0.8, n.fbm(u, v * 8, 0, 2)) * 0.3;
      return [r, clamp(0.3 + weave * 0.4 + (fuzz - 0.5) * 0.15), weave];
    };
  },
  carpet: (n, fine, variant) => (u, v) => {
    const pile = fine.fbm(u * 4, v * 4, 1, 2);
    const dots = fine.octave(2, u * 4, v * 4);
    // Variants: plain, a big soft pattern, rings, diamonds.
    const motif =
      variant === 0
        ? 0.15 * n.fbm(u, v, 0, 2)
        : variant === 1
          ? smooth(0.45, 0.55, n.fbm(u, v, 0, 2))
          : variant === 2
            ? smooth(0.3, 0.7, 0.5 + 0.5 * Math.sin(Math.hypot(u - 0.5, v - 0.5) * 40))
            : smooth(0.45, 0.55, Math.abs(((u * 6) % 1) - 0.5) + Math.abs(((v * 6) % 1) - 0.5));
    return [motif, clamp(0.35 + 0.35 * pile + 0.15 * (dots - 0.5)), pile];
  },
  paper: (_n, fine) => (u, v) => {
    const f = fine.fbm(u * 3, v * 3, 1, 2);
    return [0, 0.5 + (f - 0.5) * 0.05, f];
  },
  plastic: (n, fine, variant) => (u, v) => {
    const stipple = variant % 2 ? fine.octave(2, u * 2, v * 2) : 0.5;
    return [0, 0.5 + (stipple - 0.5) * 0.08 + (n.fbm(u, v, 0, 1) - 0.5) * 0.04, stipple];
  },
  glass: () => () => [0, 0.5, 0.5],
  laminate: (n, fine, variant) => (u, v) => {
    const f = fine.fbm(u, v, 1, 2);
    const grain = variant >= 2 ? 0.5 + 0.5 * Math.sin((v * 30 + n.fbm(u * 0.5, v, 0, 2) * 6) * Math.PI) : 0.5;
    return [grain * 0.3, 0.5 + (f - 0.5) * 0.05, f];
  },
  stone: (n, fine) => (u, v) => {
    const speck = fine.octave(2, u * 2, v * 2);
    const cloud = n.fbm(u * 2, v * 2, 0, 3);
    const r = speck > 0.8 ? 1 : speck < 0.15 ? 0.8 : clamp(cloud * 0.6);
    return [r, clamp(0.4 + speck * 0.2), speck];
  },
  leather: (_n, fine) => (u, v) => {
    const a = fine.octave(1, u * 2, v * 2);
    const b = fine.octave(2, u * 2 + 0.3, v * 2 + 0.7);
    const cell = Math.abs(a - b);
    return [a * 0.3, clamp(0.35 + cell * 0.6), cell];
  },
  neoprene: (n, fine, variant) => (u, v) => {
    const f = fine.fbm(u * 4, v * 4, 1, 2);
    // Play mats: plain, a large printed shape, a grid, soft clouds of the second colour.
    const art =
      variant === 0
        ? 0
        : variant === 1
          ? smooth(0.48, 0.52, n.fbm(u, v, 0, 1))
          : variant === 2
            ? (Math.abs(((u * 8) % 1) - 0.5) > 0.48 || Math.abs(((v * 8) % 1) - 0.5) > 0.48 ? 1 : 0)
            : smooth(0.4, 0.7, n.fbm(u, v, 0, 3));
    return [art, 0.5 + (f - 0.5) * 0.08, f];
  },
};
