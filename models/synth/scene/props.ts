/**
 * Things on the table that are not dice, each drawn at a table point: the hard negatives (coins,
 * buttons, printed pips, dominoes, cards, holes, pegs, tokens, meeples, pencils, cables, hands,
 * cups). Sizes are real-world millimetres, so they scale with the dice.
 */
import { hsl } from './looks.ts';
import type { Draw } from './random.ts';
import type { Hex, PolyLook, PolySides, PropKind, PropSpec, Vec2, Vec3 } from './spec.ts';
import type { Footprint } from './layout.ts';

export const PROP_ODDS: [PropKind, number][] = [
  ['coin', 10],
  ['button', 8],
  ['chip', 4],
  ['peg', 5],
  ['disc-token', 5],
  ['cube-token', 8],
  ['domino', 6],
  ['card', 6],
  ['eraser', 3],
  ['meeple', 6],
  ['pawn', 4],
  ['pencil', 8],
  ['cable', 5],
  ['hand', 6],
  ['cup', 4],
  ['sheet', 6],
  ['pegboard', 3],
];

const SKIN: Hex[] = ['#f1c7a5', '#e0ac85', '#c68863', '#a0673f', '#7a4a2c', '#5a3520', '#f5d5c0'];
const WOODS: Hex[] = ['#d9b47e', '#c49a6c', '#a8743f', '#e3c79a'];

function colourful(d: Draw): Hex {
  return d.chance(0.75) ? d.pick(['#c01818', '#1a40c0', '#1a9030', '#e8c010', '#f0f0f0', '#181818', '#8a30a0', '#f07010', '#20a0b0']) : hsl(d.next(), d.uniform(0.3, 0.9), d.uniform(0.2, 0.7));
}

/** A prop of `kind` at table point `at` (y is added by the caller's base height); null if it has no meaning there. */
export function sampleProp(d: Draw, kind: PropKind, at: Vec2, base: number, towardsCentre: number): PropSpec {
  const yaw = d.uniform(0, 2 * Math.PI);
  const position: Vec3 = [at[0], base, at[1]];
  const common = { position, yaw, seed: d.seed() };
  switch (kind) {
    case 'coin': {
      const metal = d.pick<[Hex, Hex]>([['#d4af37', '#b08a20'], ['#c8c8cc', '#909098'], ['#b87333', '#8a5020'], ['#d8c060', '#c8c8cc']]);
      return { ...common, kind, radius: d.uniform(8, 13.5), height: d.uniform(1.5, 2.3), holes: 0, colour: metal[0], colour2: metal[1] };
    }
    case 'button':
      return { ...common, kind, radius: d.uniform(5, 12), height: d.uniform(1.8, 3.5), holes: d.pick([2, 4, 4]), colour: colourful(d), colour2: '#000000' };
    case 'chip':
      return { ...common, kind, radius: 19.5, height: 3.3, holes: 0, colour: colourful(d), colour2: '#f4f4f0' };
    case 'peg':
      return { ...common, kind, radius: d.uniform(2, 4), height: d.uniform(10, 22), holes: 0, colour: colourful(d), colour2: colourful(d) };
    case 'disc-token':
      return { ...common, kind, radius: d.uniform(7, 14), height: d.uniform(3, 7), holes: 0, colour: d.chance(0.4) ? d.pick(WOODS) : colourful(d), colour2: colourful(d) };
    case 'cube-token': {
      const e = d.uniform(7, 16);
      return { ...common, kind, size: [e, e, e], value: 0, colour: d.chance(0.4) ? d.pick(WOODS) : colourful(d), colour2: '#000000' };
    }
    case 'domino': {
      const w = d.uniform(20, 26);
      return { ...common, kind, size: [w, w * 0.38, w * 2], value: d.int(0, 48), colour: d.pick(['#f4f2ea', '#101010', '#f0e6cc']), colour2: d.pick(['#101010', '#f4f4f4', '#c01010']) };
    }
    case 'card':
      return { ...common, kind, size: [63, 0.4, 88], value: d.int(1, 10) + d.int(0, 3) * 16, colour: '#fbfbf6', colour2: d.pick(['#c01818', '#101010']) };
    case 'eraser':
      return { ...common, kind, size: [d.uniform(30, 50), d.uniform(8, 12), d.uniform(15, 22)], value: 0, colour: d.pick(['#f4f4f0', '#f0a0b0', '#e0e0f0', '#4060c0']), colour2: '#202020' };
    case 'meeple':
      return { ...common, kind, height: d.uniform(14, 26), colour: colourful(d), colour2: colourful(d) };
    case 'pawn':
      return { ...common, kind, height: d.uniform(18, 32), colour: colourful(d), colour2: colourful(d) };
    case 'pencil':
      return {
        ...common,
        kind,
        length: d.uniform(90, 190),
        radius: d.uniform(3.3, 4.2),
        colour: d.pick(['#f2c21b', '#202020', '#c01818', '#1a40c0', '#1a9030', '#d0d0d0', '#7a4a2a']),
        colour2: d.pick(['#e8c8a0', '#d8b890']),
      };
    case 'cable': {
      // A lazy curve through the point, leaving the view on both sides.
      const n = d.int(4, 6);
      const span = d.uniform(300, 900);
      let dir = yaw;
      const path: Vec3[] = [];
      let p: Vec2 = [at[0] - (Math.cos(dir) * span) / 2, at[1] - (Math.sin(dir) * span) / 2];
      const r = d.uniform(1.5, 3.5);
      for (let i = 0; i < n; i++) {
        path.push([p[0], r, p[1]]);
        dir += d.normal(0, 0.5);
        p = [p[0] + (Math.cos(dir) * span) / (n - 1), p[1] + (Math.sin(dir) * span) / (n - 1)];
      }
      return { ...common, kind, path, radius: r, colour: d.pick(['#101010', '#f0f0f0', '#808080', '#202840', '#c0c0c0']), colour2: '#000000' };
    }
    case 'hand':
      // Reaches in from outside the view, pointing at the middle.
      return { ...common, yaw: towardsCentre + d.normal(0, 0.4), kind, length: d.uniform(170, 200), spread: d.uniform(0, 1), lift: d.chance(0.5) ? 0 : d.uniform(5, 60), colour: d.pick(SKIN), colour2: d.pick(SKIN) };
    case 'cup':
      return { ...common, kind, radius: d.uniform(30, 45), height: d.uniform(70, 105), lying: d.chance(0.4), colour: d.pick(['#2a1a12', '#101010', '#5a3420', '#1a3a2a', '#7a1a1a', '#f0f0ec']), colour2: '#0a0a0a' };
    case 'sheet': {
      const print = d.weighted<'pip-symbols' | 'score-pad' | 'game-board' | 'paper'>([['pip-symbols', 4], ['score-pad', 3], ['game-board', 2], ['paper', 1]]);
      const size: Vec2 = print === 'game-board' ? [d.uniform(300, 500), d.uniform(300, 500)] : d.pick<Vec2>([[210, 297], [148, 210], [105, 148], [297, 420]]);
      return { ...common, kind, print, size, colour: d.pick(['#fbfbf6', '#f4f0e4', '#eef2f6']), colour2: d.pick(['#101010', '#1a2a6b', '#202020', '#5a1010']) };
    }
    case 'pegboard': {
      const holes = d.int(6, 30);
      const pitch = d.uniform(6, 12);
      return { ...common, kind, size: [holes * pitch + 20, d.uniform(40, 90)], holes, pitch, colour: d.pick(WOODS), colour2: '#1a120a' };
    }
    case 'poly-die':
      return samplePolyDie(d, d.pick<PolySides>([4, 6, 8, 10, 12, 20]), at);
    case 'tray':
      throw new Error('trays are placed by the layout, not as props');
  }
}

/** Width across, mm, by the number of faces (what RPG sets come in). */
const POLY_SIZE: Record<PolySides, [number, number]> = { 4: [17, 22], 6: [14, 20], 8: [15, 20], 10: [16, 22], 12: [18, 24], 20: [19, 26] };
const INKS: Hex[] = ['#f4f4f0', '#f4f4f0', '#101010', '#d4af37', '#c8c8cc', '#c01818'];

/** A die with numerals (a d6 or an RPG die) lying on one of its faces at `at`. */
export function samplePolyDie(d: Draw, sides: PolySides, at: Vec2): PropSpec {
  const look = d.weighted<PolyLook>([['solid', 35], ['marbled', 25], ['translucent', 25], ['metallic', 15]]);
  const colour = look === 'metallic' ? d.pick(['#c8c8cc', '#d4af37', '#b87333', '#4a4a50', '#9a9aa0']) : d.chance(0.2) ? d.pick(['#f4f3ee', '#ece4cf', '#181818']) : colourful(d);
  const ink = d.pick(INKS);
  const [lo, hi] = POLY_SIZE[sides];
  return {
    kind: 'poly-die',
    position: [at[0], 0, at[1]],
    yaw: d.uniform(0, 2 * Math.PI),
    seed: d.seed(),
    sides,
    size: d.uniform(lo, hi),
    look,
    ornate: d.chance(sides === 6 ? 0.5 : 0.3),
    rest: d.int(0, sides - 1),
    colour,
    colour2: ink === colour ? '#101010' : ink,
    vein: d.chance(0.5) ? colourful(d) : d.pick(['#f4f4f0', '#101010', '#d4af37']),
  };
}

/** The rectangle a prop covers on the table (for keeping dice off it); null for flat or airborne things dice may lie on or under. */
export function propFootprint(p: PropSpec): Footprint | null {
  const centre: Vec2 = [p.position[0], p.position[2]];
  switch (p.kind) {
    case 'coin':
    case 'button':
    case 'chip':
    case 'peg':
    case 'disc-token':
      return { centre, half: [p.radius, p.radius], yaw: p.yaw };
    case 'cube-token':
    case 'domino':
    case 'eraser':
      return { centre, half: [p.size[0] / 2, p.size[2] / 2], yaw: p.yaw };
    case 'meeple':
      return { centre, half: [p.height * 0.45, p.height * 0.2], yaw: p.yaw };
    case 'pawn':
      return { centre, half: [p.height * 0.3, p.height * 0.3], yaw: p.yaw };
    case 'poly-die':
      return { centre, half: [p.size / 2, p.size / 2], yaw: p.yaw };
    case 'pencil':
      return { centre, half: [p.length / 2, p.radius], yaw: p.yaw };
    case 'cup':
      return p.lying ? { centre, half: [p.height / 2, p.radius], yaw: p.yaw } : { centre, half: [p.radius, p.radius], yaw: p.yaw };
    case 'pegboard':
      return { centre, half: [p.size[0] / 2, p.size[1] / 2], yaw: p.yaw };
    case 'card':
    case 'sheet':
    case 'tray':
    case 'cable':
    case 'hand':
      return null;
  }
}
