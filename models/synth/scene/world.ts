/**
 * Where things lie in a scene: the camera's view of the table, the floor dice rest on (table, tray,
 * sheet, board), and what is already placed, so dice and props never overlap. Draws only through
 * the Draw it is given, in a fixed order, so a seed's scene never changes.
 */
import { MathUtils } from 'three';
import { makeCamera, pixelsAt, project, unproject } from './camera.ts';
import { flatQuaternion, leaningPose, overlaps, toTable, type Footprint } from './layout.ts';
import { bodyLook, pipLook, surfaceLook } from './looks.ts';
import { PROP_ODDS, propFootprint, sampleProp } from './props.ts';
import type { Draw } from './random.ts';
import type { BoardSheet } from './boards.ts';
import type { DieSpec, PropSpec, Vec2, Vec3 } from './spec.ts';

interface Solid extends Footprint {
  /** Height of its top above the table. */
  top: number;
}

/** A surface dice may lie on, with its height and where on it they may lie. */
interface Floor {
  height: number;
  /** True when a point (table x, z) is on this floor with `margin` mm to spare. */
  holds(p: Vec2, margin: number): boolean;
  /** Points worth putting dice at (a board's boxes). */
  spots?: Vec2[];
}

export class World {
  readonly dice: DieSpec[] = [];
  readonly props: PropSpec[] = [];
  private readonly solids: Solid[] = [];
  private floor: Floor | null = null;
  private walls: Footprint[] = [];

  constructor(
    private readonly d: Draw,
    private readonly cam: ReturnType<typeof makeCamera>,
    private readonly width: number,
    private readonly height: number,
  ) {}

  /** A table point seen at a random place in the picture (a little beyond its edges too). */
  private pointInView(h: number, over = 0.06): Vec2 | null {
    const x = this.d.uniform(-over, 1 + over) * this.width;
    const y = this.d.uniform(-over, 1 + over) * this.height;
    return unproject(this.cam, this.width, this.height, x, y, h);
  }

  /** How long the view is across, in mm, at the image centre. */
  private viewSpan(): number {
    const centre = unproject(this.cam, this.width, this.height, this.width / 2, this.height / 2)!;
    const edge = unproject(this.cam, this.width, this.height, this.width / 2, 0) ?? centre;
    return 2 * Math.hypot(edge[0] - centre[0], edge[1] - centre[1]);
  }

  private centre(): Vec2 {
    return unproject(this.cam, this.width, this.height, this.width / 2, this.height / 2)!;
  }

  private free(f: Footprint, margin = 0.5): boolean {
    return !this.solids.some((s) => overlaps(s, f, margin)) && !this.walls.some((w) => overlaps(w, f, margin));
  }

  placeTray(): void {
    const d = this.d;
    const shape = d.weighted<'hex' | 'rect' | 'round'>([['hex', 4], ['rect', 3], ['round', 2]]);
    const span = this.viewSpan() * d.uniform(0.5, 1.4);
    const size: Vec2 = shape === 'rect' ? [span * d.uniform(0.9, 1.5), span] : [span, span];
    const thickness = d.uniform(6, 16);
    const wall = d.uniform(20, 45);
    const centre = this.centre();
    const yaw = d.uniform(0, Math.PI);
    const floor = surfaceLook(d, ['felt', 'felt', 'leather', 'neoprene', 'cloth', 'wood']);
    const wallColour = d.pick(['#3a2414', '#6b4226', '#151515', '#2a2a30', '#c49a6c', '#7a1f25', '#1f3f6b']);
    const tray: PropSpec = { kind: 'tray', shape, size, wall, thickness, floor, position: [centre[0], 0, centre[1]], yaw, colour: wallColour, colour2: floor.colour, seed: d.seed() };
    this.props.push(tray);
    const floorHeight = 3;
    // Inner radius of the floor (hex: to the flats; its corners lie further out).
    const inner = (size[0] / 2) * (shape === 'hex' ? Math.cos(Math.PI / 6) : 1) - thickness;
    const innerZ = size[1] / 2 - thickness;
    this.floor = {
      height: floorHeight,
      holds: ([x, z], margin) => {
        const [dx, dz] = [x - centre[0], z - centre[1]];
        const [c, s] = [Math.cos(yaw), Math.sin(yaw)];
        const [lx, lz] = [dx * c - dz * s, dx * s + dz * c];
        if (shape === 'rect') return Math.abs(lx) < inner - margin && Math.abs(lz) < innerZ - margin;
        if (shape === 'round') return Math.hypot(lx, lz) < inner - margin;
        // Hexagon with flats at ±inner along three directions.
        return [0, 1, 2].every((k) => Math.abs(lx * Math.cos((k * Math.PI) / 3 + Math.PI / 6) + lz * Math.sin((k * Math.PI) / 3 + Math.PI / 6)) < inner - margin);
      },
    };
  }

  placeBoard(board: BoardSheet): void {
    const d = this.d;
    const centre = this.centre();
    const yaw = d.uniform(-Math.PI, Math.PI);
    const [w, h] = board.size;
    const at: Vec2 = [centre[0] + d.normal(0, w / 6), centre[1] + d.normal(0, h / 6)];
    this.props.push({ kind: 'sheet', print: 'board', board: board.id, size: [w, h], position: [at[0], 0, at[1]], yaw, colour: '#ffffff', colour2: '#23232a', seed: d.seed() });
    const thickness = 0.3;
    this.floor = {
      height: thickness,
      holds: () => true,
      spots: board.spots.map(([bx, by]) => toTable([bx - w / 2, by - h / 2], at, yaw)),
    };
  }

  placeSheet(): void {
    const d = this.d;
    const c = this.centre();
    const sheet = sampleProp(d, 'sheet', [c[0] + d.normal(0, 60), c[1] + d.normal(0, 60)], 0, 0);
    this.props.push(sheet);
    if (sheet.kind !== 'sheet') return;
    const [w, h] = sheet.size;
    const at: Vec2 = [sheet.position[0], sheet.position[2]];
    const yaw = sheet.yaw;
    this.floor = { height: 0.3, holds: () => true, spots: Array.from({ length: 12 }, () => toTable([d.uniform(-w / 2, w / 2), d.uniform(-h / 2, h / 2)], at, yaw)) };
  }

  /**
   * A big illustrated game board under much of the view (painted hexes, number tokens with dots, as
   * on a Catan board): dice lie on it and beside it.
   */
  placeIllustratedBoard(): void {
    const d = this.d;
    const span = this.viewSpan() * d.uniform(0.7, 1.5);
    const c = this.centre();
    const at: Vec2 = [c[0] + d.normal(0, span / 8), c[1] + d.normal(0, span / 8)];
    const yaw = d.uniform(-Math.PI, Math.PI);
    this.props.push({ kind: 'sheet', print: 'illustrated-board', size: [span, span], position: [at[0], 0, at[1]], yaw, colour: '#f4e8c8', colour2: '#101010', seed: d.seed() });
    this.floor = { height: 0.3, holds: () => true };
  }

  /**
   * A game's poster or printed board under much of the view (scene/spec.ts SheetPrint 'poster'):
   * its title, circled numbers, dice icons and dot patterns are what the reader must not call dice.
   */
  placePoster(): void {
    const d = this.d;
    const span = this.viewSpan() * d.uniform(0.6, 1.4);
    const c = this.centre();
    const at: Vec2 = [c[0] + d.normal(0, span / 8), c[1] + d.normal(0, span / 8)];
    const size: Vec2 = [span, span * d.uniform(0.7, 1.4)];
    const paper = d.pick(['#fbfbf6', '#f4f0e4', '#eef2f6', '#f0e0b0', '#1e3a6b', '#2f5d32', '#5a1818', '#202020']);
    this.props.push({ kind: 'sheet', print: 'poster', size, position: [at[0], 0, at[1]], yaw: d.uniform(-Math.PI, Math.PI), colour: paper, colour2: '#101010', seed: d.seed() });
    this.floor = { height: 0.3, holds: () => true };
  }

  /** `clustered` decides whether dice lie in touching groups (drawn, 45 %, when not given). */
  placeDice(count: number, edge: number, opts: { clustered?: boolean } = {}): void {
    const d = this.d;
    // One set of dice, or two (a duel: two colours), or a few strays: dice in a game look alike.
    const sets = d.weighted([[1, 5], [2, 3], [3, 1]]);
    const looks = Array.from({ length: sets }, () => {
      const body = bodyLook(d);
      const pips = pipLook(d, body);
      const sharp = d.chance(body.kind === 'translucent' ? 0.6 : 0.12);
      const radius = edge * (sharp ? d.uniform(0.01, 0.04) : d.chance(0.2) ? d.uniform(0.15, 0.3) : d.uniform(0.05, 0.15));
      return { body, pips, radius, size: edge * (sharp ? d.uniform(1, 1.25) : d.uniform(0.95, 1.05)) };
    });
    const clustered = opts.clustered ?? d.chance(0.45);
    let tries = 0;
    while (this.dice.length < count && tries++ < count * 40) {
      const look = looks[this.dice.length % sets];
      const size = look.size * d.uniform(0.98, 1.02);
      const faces = dieFaces(d);
      const value = d.int(1, 6);
      const die = {
        value,
        size,
        radius: Math.min(look.radius, size * 0.3),
        faces,
        turns: faces.map(() => d.int(0, 3)),
        body: { ...look.body, seed: d.seed() },
        pips: look.pips,
      };
      // Now and then a die leans on, or lies on, one already placed.
      const neighbour = this.dice.length && d.chance(0.06) ? d.pick(this.dice.filter((o) => o.pose === 'flat')) : undefined;
      if (neighbour && this.placeCocked(die, neighbour)) continue;
      const base = this.floor?.height ?? 0;
      let at: Vec2 | null;
      if (clustered && this.dice.length && d.chance(0.7)) {
        const other = d.pick(this.dice);
        const dir = d.uniform(0, 2 * Math.PI);
        const gap = (other.size + size) / 2 + (d.chance(0.5) ? d.uniform(0, 1.5) : d.uniform(0, size * 0.5));
        at = [other.position[0] + Math.cos(dir) * gap * d.uniform(1, 1.4), other.position[2] + Math.sin(dir) * gap * d.uniform(1, 1.4)];
      } else if (this.floor?.spots && d.chance(0.6)) {
        const s = d.pick(this.floor.spots);
        at = [s[0] + d.normal(0, size / 3), s[1] + d.normal(0, size / 3)];
      } else at = this.pointInView(base + size / 2);
      if (!at) continue;
      const yaw = d.uniform(0, Math.PI / 2);
      const foot: Footprint = { centre: at, half: [size / 2, size / 2], yaw };
      if (this.floor && !this.floor.holds(at, size * 0.75)) continue;
      if (!this.free(foot, clustered ? 0.3 : 1)) continue;
      const position: Vec3 = [at[0], base + size / 2, at[1]];
      if (pixelsAt(this.cam, this.height, position, size) < 8 || project(this.cam, this.width, this.height, position).depth <= 0) continue;
      const q = flatQuaternion(faces, value, yaw);
      this.dice.push({ ...die, position, quaternion: [q.x, q.y, q.z, q.w], pose: 'flat' });
      this.solids.push({ ...foot, top: base + size });
    }
  }

  private placeCocked(die: Omit<DieSpec, 'position' | 'quaternion' | 'pose'>, on: DieSpec): boolean {
    const d = this.d;
    const base = on.position[1] - on.size / 2;
    if (d.chance(0.3)) {
      // Lying on top of the other die.
      const yaw = d.uniform(0, Math.PI / 2);
      const q = flatQuaternion(die.faces, die.value, yaw);
      const position: Vec3 = [on.position[0] + d.normal(0, on.size * 0.12), on.position[1] + on.size / 2 + die.size / 2, on.position[2] + d.normal(0, on.size * 0.12)];
      this.dice.push({ ...die, position, quaternion: [q.x, q.y, q.z, q.w], pose: 'stacked' });
      return true;
    }
    // Leaning on one of the other die's sides; the other die's yaw is its footprint's yaw.
    const solid = this.solids.find((s) => s.centre[0] === on.position[0] && s.centre[1] === on.position[2]);
    if (!solid) return false;
    const k = d.int(0, 3);
    const a = solid.yaw + (k * Math.PI) / 2;
    // Direction from this die to the other (table x, z): the other's face normal, reversed.
    const normal: Vec2 = [Math.cos(a), -Math.sin(a)];
    const towards: Vec2 = [-normal[0], -normal[1]];
    const face: Vec2 = [on.position[0] + (normal[0] * on.size) / 2, on.position[2] + (normal[1] * on.size) / 2];
    const angle = MathUtils.degToRad(d.uniform(12, 38));
    const pose = leaningPose(die.faces, die.value, die.size, angle, towards, face, d.uniform(-0.3, 0.3) * on.size);
    pose.position[1] += base;
    const foot: Footprint = { centre: [pose.position[0], pose.position[2]], half: [die.size * 0.6, die.size * 0.6], yaw: Math.atan2(towards[0], towards[1]) };
    if (!this.free(foot, -die.size * 0.15)) return false;
    if (this.floor && !this.floor.holds(foot.centre, die.size * 0.8)) return false;
    this.dice.push({ ...die, ...pose, pose: 'leaning' });
    this.solids.push({ ...foot, top: base + die.size });
    return true;
  }

  /** A prop of `kind` in view and clear of the solids placed; `draw` makes it at a table point (else sampleProp). */
  placeProp(kind: (typeof PROP_ODDS)[number][0], draw?: (at: Vec2) => PropSpec): void {
    const d = this.d;
    for (let tries = 0; tries < 20; tries++) {
      const hand = kind === 'hand';
      const at = hand ? this.edgePoint() : this.pointInView(0, 0.1);
      if (!at) continue;
      const c = this.centre();
      const towards = Math.atan2(-(c[1] - at[1]), c[0] - at[0]);
      const prop = draw ? draw(at) : sampleProp(d, kind, at, 0, towards);
      const foot = propFootprint(prop);
      if (foot && !this.free(foot, 1)) continue;
      // Solid props stay out of the tray, where the dice are; flat ones may lie anywhere.
      if (foot && this.floor && this.props[0]?.kind === 'tray' && this.floor.holds(foot.centre, -Math.max(...foot.half) * 2)) continue;
      if (foot) this.solids.push({ ...foot, top: 10 });
      this.props.push(prop);
      return;
    }
  }

  /** A table point just outside the picture's edge, where a hand comes in. */
  private edgePoint(): Vec2 | null {
    const d = this.d;
    const side = d.int(0, 3);
    const t = d.uniform(0.15, 0.85);
    const [x, y] = [
      [t, -0.05],
      [1.05, t],
      [t, 1.05],
      [-0.05, t],
    ][side];
    return unproject(this.cam, this.width, this.height, x * this.width, y * this.height, 0);
  }
}

/** Opposite faces sum to 7; which of the two mirror-image dice is drawn at random. */
export function dieFaces(d: Draw): number[] {
  const abc = d.pick([
    [1, 2, 3],
    [1, 3, 2],
    [2, 1, 3],
    [2, 3, 1],
    [3, 1, 2],
    [3, 2, 1],
  ]);
  return [abc[0], 7 - abc[0], abc[1], 7 - abc[1], abc[2], 7 - abc[2]];
}
