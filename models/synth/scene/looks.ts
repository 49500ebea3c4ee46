/**
 * What dice and tables look like: palettes and the odds of each kind. The real photo sets hold
 * mostly white dice on a few tables; these odds spread the renders over what players own.
 */
import type { Draw } from './random.ts';
import type { BodyKind, BodySpec, Hex, PipSpec, SurfaceKind, SurfaceSpec } from './spec.ts';

export function hex(r: number, g: number, b: number): Hex {
  const c = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 255).toString(16).padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

export function hsl(h: number, s: number, l: number): Hex {
  const k = (n: number) => (n + h * 12) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return hex(f(0), f(8), f(4));
}

export function luminance(c: Hex): number {
  const v = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16) / 255);
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}

/** Moves a colour a little, so no two white dice are quite the same white. */
function jitter(d: Draw, c: Hex, amount = 0.04): Hex {
  const v = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16) / 255 + d.normal(0, amount));
  return hex(v[0], v[1], v[2]);
}

const WHITES: Hex[] = ['#f4f3ee', '#fbfbf8', '#ece4cf', '#efe6cc', '#e9e9e4'];
const BLACKS: Hex[] = ['#121212', '#1d1d1f', '#24201e'];
const COLOURS: Hex[] = [
  '#b3121b', '#d42a2a', '#7d0f14', '#1d4fb0', '#1b2a6b', '#5aa9e6', '#1f8a3b', '#1a5c32', '#8fc93a',
  '#f2c21b', '#ee7a1a', '#6a2e9a', '#ea6aa8', '#128a8a', '#8a8a8a', '#6b4423', '#c8a03a', '#40e0d0',
];
const TRANSLUCENT: Hex[] = ['#c4101c', '#d8262e', '#1a4fd0', '#12a04a', '#7a2ac0', '#f0a020', '#e8e8e8', '#505058', '#20b0c0', '#ff60a0'];

function anyColour(d: Draw): Hex {
  return d.chance(0.6) ? jitter(d, d.pick(COLOURS), 0.03) : hsl(d.next(), d.uniform(0.4, 0.9), d.uniform(0.25, 0.6));
}

export function bodyLook(d: Draw): BodySpec {
  const kind = d.weighted<BodyKind>([
    ['solid', 50],
    ['translucent', 14],
    ['marbled', 9],
    ['swirled', 7],
    ['wood', 8],
    ['metallic', 5],
    ['pearl', 7],
  ]);
  const base = { kind, roughness: d.uniform(0.15, 0.5), transmission: 0, pattern: d.uniform(0.5, 2), seed: d.seed() };
  switch (kind) {
    case 'solid': {
      const r = d.next();
      const colour = r < 0.4 ? jitter(d, d.pick(WHITES), 0.015) : r < 0.55 ? d.pick(BLACKS) : anyColour(d);
      return { ...base, colour, colour2: colour };
    }
    case 'translucent':
      return { ...base, colour: d.pick(TRANSLUCENT), colour2: '#ffffff', roughness: d.uniform(0.02, 0.2), transmission: d.uniform(0.55, 0.95) };
    case 'marbled':
      return { ...base, colour: d.chance(0.4) ? d.pick(WHITES) : anyColour(d), colour2: d.chance(0.5) ? anyColour(d) : d.pick([...WHITES, ...BLACKS]) };
    case 'swirled':
      return { ...base, colour: anyColour(d), colour2: d.chance(0.3) ? d.pick(WHITES) : anyColour(d) };
    case 'wood': {
      const stained = d.chance(0.35);
      const colour = stained ? anyColour(d) : jitter(d, d.pick(['#d9b47e', '#c99a62', '#e3c79a', '#a8743f', '#7a4b26']), 0.03);
      return { ...base, colour, colour2: jitter(d, colour, 0.02), roughness: d.uniform(0.5, 0.85), pattern: d.uniform(0.6, 1.6) };
    }
    case 'metallic': {
      const colour = d.pick(['#c8c8cc', '#d4af37', '#b87333', '#4a4a50', '#9a9aa0']);
      return { ...base, colour, colour2: colour, roughness: d.uniform(0.15, 0.45) };
    }
    case 'pearl': {
      const colour = d.chance(0.3) ? d.pick(WHITES) : anyColour(d);
      return { ...base, colour, colour2: jitter(d, colour, 0.08), roughness: d.uniform(0.15, 0.35) };
    }
  }
}

export function pipLook(d: Draw, body: BodySpec): PipSpec {
  const light = luminance(body.colour) > 0.45;
  let colour: Hex;
  if (body.kind === 'metallic') colour = d.pick(['#101010', '#101010', '#b01010', '#f0f0f0']);
  else if (body.kind === 'translucent') colour = d.pick(['#f6f6f2', '#f6f6f2', '#f6f6f2', '#101010', '#d4af37']);
  else if (light) colour = d.weighted<Hex>([['#101010', 60], ['#1b2a8b', 8], ['#b01015', 10], ['#1a6b2a', 5], ['#c9a227', 6], ['#4a2a10', 5]]);
  else colour = d.weighted<Hex>([['#f6f6f2', 60], ['#d4af37', 14], ['#f2d21b', 5], ['#e02020', 5], ['#101010', 4], ['#c0c0c8', 6]]);
  // A pip colour too close to the body would be a blank die; push it to the far end.
  if (Math.abs(luminance(colour) - luminance(body.colour)) < 0.25) colour = light ? '#101010' : '#f6f6f2';
  const kind: PipSpec['kind'] =
    body.kind === 'translucent' ? 'painted' : d.weighted<PipSpec['kind']>([['painted', 35], ['engraved', 55], ['engraved-plain', body.kind === 'wood' ? 15 : 4]]);
  const size = d.uniform(0.13, 0.22);
  return {
    kind,
    colour,
    size,
    spread: d.uniform(0.2, Math.min(0.3, 0.46 - size / 2)),
    depth: kind === 'painted' ? 0 : d.uniform(0.3, 1),
    one: d.weighted<PipSpec['one']>([['plain', 70], ['big', 15], ['red', 8], ['logo', 7]]),
  };
}

const SURFACE_ODDS: [SurfaceKind, number][] = [
  ['wood', 22],
  ['felt', 12],
  ['cloth', 10],
  ['carpet', 7],
  ['paper', 7],
  ['plastic', 7],
  ['glass', 5],
  ['laminate', 12],
  ['stone', 6],
  ['leather', 5],
  ['neoprene', 7],
];

export function surfaceLook(d: Draw, only?: SurfaceKind[]): SurfaceSpec {
  const kind = d.weighted(only ? SURFACE_ODDS.filter(([k]) => only.includes(k)) : SURFACE_ODDS);
  const seed = d.seed();
  const rotation = d.uniform(0, Math.PI);
  const s = (colour: Hex, colour2: Hex, scale: number, roughness: number): SurfaceSpec => ({ kind, colour, colour2, scale, rotation, roughness, seed });
  switch (kind) {
    case 'wood': {
      const tone = d.pick([
        ['#d6b283', '#b08050'],
        ['#c49a6c', '#8a5a32'],
        ['#e6d2b0', '#c8aa80'],
        ['#6b4226', '#3e2414'],
        ['#4a3020', '#2a1a10'],
        ['#a0522d', '#6b2f16'],
        ['#e8e0d4', '#c8bca8'],
      ]);
      return s(jitter(d, tone[0], 0.03), jitter(d, tone[1], 0.03), d.uniform(150, 500), d.uniform(0.35, 0.8));
    }
    case 'felt': {
      const c = d.pick(['#2f6b3a', '#1f5a30', '#1f3f6b', '#7a1f25', '#3a3a3a', '#151515', '#5a2a6a', '#2a5a6a']);
      return s(jitter(d, c, 0.03), c, d.uniform(20, 60), 0.95);
    }
    case 'cloth': {
      const c = d.chance(0.5) ? anyColour(d) : jitter(d, d.pick(['#d8d4cc', '#8a8c90', '#5a5a60', '#e8e2d0', '#303540']), 0.03);
      return s(c, d.chance(0.4) ? anyColour(d) : jitter(d, c, 0.08), d.uniform(8, 40), 0.9);
    }
    case 'carpet': {
      const c = d.chance(0.5) ? anyColour(d) : jitter(d, d.pick(['#8a7a60', '#6a6a6a', '#4a5a3a', '#7a3a2a', '#3a4a6a']), 0.04);
      return s(c, jitter(d, c, 0.12), d.uniform(40, 200), 0.95);
    }
    case 'paper':
      return s(jitter(d, d.pick(['#f4f2ec', '#fbfaf5', '#efe8d8', '#e8eef4']), 0.01), '#d0d0d0', d.uniform(100, 300), 0.85);
    case 'plastic': {
      const c = anyColour(d);
      return s(c, jitter(d, c, 0.03), d.uniform(50, 200), d.uniform(0.2, 0.5));
    }
    case 'glass':
      return s(d.pick(['#0a0a0c', '#15181a', '#1a2a2a', '#2a2a30']), '#404040', 300, d.uniform(0.02, 0.12));
    case 'laminate': {
      const c = jitter(d, d.pick(['#e6e6e2', '#f0efea', '#d4d4d0', '#c8ccd0', '#e0d8c8']), 0.02);
      return s(c, jitter(d, c, 0.03), d.uniform(100, 400), d.uniform(0.3, 0.6));
    }
    case 'stone': {
      const c = jitter(d, d.pick(['#8a8a88', '#4a4a48', '#c8c0b8', '#2a2a2c', '#a09080']), 0.03);
      return s(c, jitter(d, c, 0.2), d.uniform(60, 200), d.uniform(0.2, 0.5));
    }
    case 'leather': {
      const c = jitter(d, d.pick(['#5a3420', '#2a1a12', '#101010', '#7a4a2a', '#3a1a1a']), 0.03);
      return s(c, jitter(d, c, 0.05), d.uniform(30, 100), d.uniform(0.4, 0.7));
    }
    case 'neoprene': {
      const c = d.chance(0.5) ? jitter(d, d.pick(['#15151a', '#1a2a4a', '#2a1a3a', '#203020']), 0.02) : anyColour(d);
      return s(c, anyColour(d), d.uniform(150, 400), 0.85);
    }
  }
}
