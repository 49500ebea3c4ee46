import { Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { dieMeta, MIN_PIP_PX, pipsLegible, yoloLines, type FrameMeta } from '../../models/synth/labels.ts';
import { projectBoards } from '../../models/synth/scene/boards.ts';
import { FACE_NORMALS, leaningPose, overlaps, upValue } from '../../models/synth/scene/layout.ts';
import { Draw } from '../../models/synth/scene/random.ts';
import type { DieSeen } from '../../models/synth/scene/result.ts';
import { sampleFocusScene } from '../../models/synth/scene/focus.ts';
import { GHOST_KINDS, type GhostKind } from '../../models/synth/scene/ghosts.ts';
import { MAX_TILT, sampleScene } from '../../models/synth/scene/sample.ts';
import type { DieSpec, SceneSpec } from '../../models/synth/scene/spec.ts';

const boards = projectBoards();
const scene = (seed: number, index: number): SceneSpec => sampleScene(Draw.forFrame(seed, index), { boards });

/** The die's lowest point above the table, from its eight corners. */
function lowest(d: DieSpec): number {
  const q = new Quaternion(...d.quaternion);
  let low = Infinity;
  for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) {
    const p = new Vector3(sx, sy, sz).multiplyScalar(d.size / 2).applyQuaternion(q);
    low = Math.min(low, d.position[1] + p.y);
  }
  return low;
}

describe('synthetic dice scenes', () => {
  const scenes = Array.from({ length: 60 }, (_, i) => scene(7, i));

  it('draws the same scene for the same seed and frame, another for the next frame', () => {
    expect(scene(7, 3)).toEqual(scenes[3]);
    expect(scene(7, 4)).not.toEqual(scenes[3]);
    expect(scene(8, 3)).not.toEqual(scenes[3]);
  });

  it('tilts the camera up to 55 degrees, or as far as asked (the same draw, scaled)', () => {
    expect(MAX_TILT).toBe(55);
    const tilts = scenes.map((s) => s.camera.tilt);
    expect(Math.max(...tilts)).toBeLessThanOrEqual(MAX_TILT);
    expect(Math.max(...tilts)).toBeGreaterThan(45);
    for (const [i, s] of scenes.entries()) {
      const steep = sampleScene(Draw.forFrame(7, i), { boards: projectBoards(), maxTilt: 70 });
      expect(steep.camera.tilt).toBeLessThanOrEqual(70);
      // Straight-down frames (a fifth, 0-4 degrees) keep their tilt; the others' is scaled by 70 / 55.
      if (s.camera.tilt > 4) expect(steep.camera.tilt).toBeCloseTo((s.camera.tilt * 70) / 55, 6);
    }
  });

  it('makes standard dice: opposite faces sum to 7, the top face shows the value', () => {
    for (const s of scenes) {
      for (const d of s.dice) {
        expect([d.faces[0] + d.faces[1], d.faces[2] + d.faces[3], d.faces[4] + d.faces[5]]).toEqual([7, 7, 7]);
        expect([...d.faces].sort()).toEqual([1, 2, 3, 4, 5, 6]);
        if (d.pose === 'flat') expect(upValue(d.faces, d.quaternion)).toBe(d.value);
      }
    }
  });

  it('rests flat dice on their floor, face up exactly, and keeps them apart', () => {
    let flat = 0;
    for (const s of scenes) {
      const tray = s.props.some((p) => p.kind === 'tray');
      const sheet = s.props.some((p) => p.kind === 'sheet');
      const dice = s.dice.filter((d) => d.pose === 'flat');
      for (const d of dice) {
        flat++;
        const floor = lowest(d);
        expect([0, 0.3, 3].some((h) => Math.abs(floor - h) < 1e-6), `floor ${floor}`).toBe(true);
        if (tray) expect(floor).toBeCloseTo(3, 6);
        else if (!sheet) expect(floor).toBeCloseTo(0, 6);
        const top = new Vector3(...FACE_NORMALS[d.faces.indexOf(d.value)]).applyQuaternion(new Quaternion(...d.quaternion));
        expect(top.y).toBeCloseTo(1, 9);
      }
      const foot = (d: DieSpec) => {
        const q = new Quaternion(...d.quaternion);
        const x = new Vector3(1, 0, 0).applyQuaternion(q);
        const axis = Math.abs(x.y) > 0.5 ? new Vector3(0, 0, 1).applyQuaternion(q) : x;
        return { centre: [d.position[0], d.position[2]] as [number, number], half: [d.size / 2, d.size / 2] as [number, number], yaw: Math.atan2(-axis.z, axis.x) };
      };
      for (let i = 0; i < dice.length; i++) for (let j = i + 1; j < dice.length; j++) expect(overlaps(foot(dice[i]), foot(dice[j]), -0.01)).toBe(false);
    }
    expect(flat).toBeGreaterThan(100);
  });

  it('leans a cocked die on one bottom edge against its neighbour', () => {
    const faces = [1, 6, 2, 5, 3, 4];
    const size = 16;
    const angle = 0.4;
    const pose = leaningPose(faces, 3, size, angle, [1, 0], [100, 0], 0);
    const d = { size, position: pose.position, quaternion: pose.quaternion } as DieSpec;
    expect(lowest(d)).toBeCloseTo(0, 9);
    // Its far side reaches the neighbour's face (x = 100) and no further.
    const q = new Quaternion(...pose.quaternion);
    let right = -Infinity;
    for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) right = Math.max(right, pose.position[0] + new Vector3(sx, sy, sz).multiplyScalar(size / 2).applyQuaternion(q).x);
    expect(right).toBeCloseTo(100, 9);
    expect(upValue(faces, pose.quaternion)).toBe(3);
  });

  it('puts some dice on trays, boards and sheets, some cocked, and draws every kind of look-alike', () => {
    const many = Array.from({ length: 300 }, (_, i) => scene(11, i));
    const kinds = new Set(many.flatMap((s) => s.props.map((p) => p.kind)));
    for (const k of ['tray', 'sheet', 'coin', 'button', 'domino', 'card', 'pencil', 'cable', 'hand', 'cup', 'pegboard', 'meeple', 'cube-token']) expect(kinds).toContain(k);
    expect(many.some((s) => s.props.some((p) => p.kind === 'sheet' && p.print === 'board'))).toBe(true);
    expect(many.some((s) => s.dice.some((d) => d.pose === 'leaning'))).toBe(true);
    expect(many.some((s) => s.dice.some((d) => d.pose === 'stacked'))).toBe(true);
    const tilts = many.map((s) => s.camera.tilt);
    expect(Math.min(...tilts)).toBeLessThan(2);
    expect(Math.max(...tilts)).toBeGreaterThan(50);
    expect(Math.max(...tilts)).toBeLessThanOrEqual(55);
  });
});

describe('scenes drawn towards what the readers miss (--focus hard)', () => {
  const hard = (seed: number, index: number): SceneSpec => sampleFocusScene(Draw.forFrame(seed, index), { boards, focus: 'hard' });
  const scenes = Array.from({ length: 120 }, (_, i) => hard(5, i));

  it('draws the same scene for the same seed and frame, and another than the default draw', () => {
    expect(hard(5, 3)).toEqual(scenes[3]);
    expect(hard(5, 3)).not.toEqual(scene(5, 3));
  });

  it('lays dice on illustrated hex boards, crowds them on cloth seen steeply, and brings big dice close', () => {
    const onBoard = scenes.filter((s) => s.props.some((p) => p.kind === 'sheet' && p.print === 'illustrated-board'));
    expect(onBoard.length).toBeGreaterThan(30);
    const crowds = scenes.filter((s) => s.dice.length >= 8);
    expect(crowds.length).toBeGreaterThan(15);
    for (const s of crowds) expect(['cloth', 'felt', 'carpet', 'neoprene', 'leather']).toContain(s.table.kind);
    expect(crowds.every((s) => s.camera.tilt >= MAX_TILT / 2)).toBe(true);
    // Big dice: a die's size in pixels were it at the point the camera looks at.
    const px = (s: SceneSpec, d: DieSpec) => (d.size * (s.height / 2 / Math.tan((s.camera.fov * Math.PI) / 360))) / Math.hypot(...s.camera.position.map((v, i) => v - s.camera.target[i]));
    const close = scenes.filter((s) => s.dice.length <= 6 && s.dice.every((d) => px(s, d) > 0.18 * Math.min(s.width, s.height)));
    expect(close.length).toBeGreaterThan(10);
    for (const s of scenes) {
      expect(s.camera.tilt).toBeLessThanOrEqual(MAX_TILT);
      for (const d of s.dice) if (d.pose === 'flat') expect(upValue(d.faces, d.quaternion)).toBe(d.value);
    }
  });
});

describe('scenes with no die for the ghost test set (--focus ghost)', () => {
  const ghost = (seed: number, index: number): SceneSpec => sampleFocusScene(Draw.forFrame(seed, index), { boards, focus: 'ghost', index });
  const ghosts = Array.from({ length: 100 }, (_, i) => ghost(61, i));
  const of = (kind: GhostKind) => ghosts.filter((s) => s.focusKind === kind);
  const polyDice = (s: SceneSpec) => s.props.filter((p) => p.kind === 'poly-die');

  it('draws no die with pips, the five kinds in turn, the same scene for the same frame', () => {
    expect(ghost(61, 7)).toEqual(ghosts[7]);
    expect(ghosts.every((s) => s.dice.length === 0)).toBe(true);
    ghosts.forEach((s, i) => expect(s.focusKind).toBe(GHOST_KINDS[i % GHOST_KINDS.length]));
  });

  it('lays d6 with numerals, plain and ornate, where dice would lie', () => {
    for (const s of of('numeral-d6')) {
      expect(polyDice(s).length).toBeGreaterThanOrEqual(1);
      for (const p of polyDice(s)) if (p.kind === 'poly-die') expect(p.sides).toBe(6);
    }
    const ornate = of('numeral-d6').flatMap(polyDice).map((p) => p.kind === 'poly-die' && p.ornate);
    expect(ornate).toContain(true);
    expect(ornate).toContain(false);
  });

  it('lays d4, d8, d10, d12 and d20 in solid, marbled, translucent and metallic looks', () => {
    const dice = of('rpg-dice').flatMap(polyDice);
    const sides = new Set(dice.map((p) => p.kind === 'poly-die' && p.sides));
    const looks = new Set(dice.map((p) => p.kind === 'poly-die' && p.look));
    for (const n of [4, 8, 10, 12, 20]) expect(sides).toContain(n);
    expect(sides).not.toContain(6);
    for (const look of ['solid', 'marbled', 'translucent', 'metallic']) expect(looks).toContain(look);
    for (const p of dice) if (p.kind === 'poly-die') expect(p.rest).toBeLessThan(p.sides);
  });

  it('prints posters (titles, circled numbers, dice icons, dot patterns) and puts pawns, meeples and coins on boards', () => {
    for (const s of of('print')) expect(s.props.some((p) => p.kind === 'sheet' && p.print === 'poster')).toBe(true);
    for (const s of of('pieces')) {
      expect(s.props.some((p) => p.kind === 'sheet')).toBe(true);
      expect(s.props.filter((p) => p.kind !== 'sheet').length).toBeGreaterThanOrEqual(3);
    }
    const pieces = new Set(of('pieces').flatMap((s) => s.props.map((p) => p.kind)));
    for (const k of ['pawn', 'meeple', 'coin']) expect(pieces).toContain(k);
    const lookAlikes = new Set(of('board-art').flatMap((s) => s.props.map((p) => p.kind)));
    for (const k of ['cube-token', 'button', 'pegboard']) expect(lookAlikes).toContain(k);
  });
});

describe('label rules', () => {
  const die = scene(7, 0).dice[0];
  const seen = (over: Partial<DieSeen>): DieSeen => ({
    box: [100, 100, 140, 150],
    area: 1600,
    pixels: 1600,
    seenBox: [100, 100, 140, 150],
    top: { value: die.value, polygon: [[100, 100], [140, 100], [140, 140], [100, 140]], pixels: 1200, visible: 1 },
    sides: [],
    ...over,
  });

  it('labels a whole die by the box of its whole projection, class = value - 1', () => {
    const m = dieMeta({ ...die, pose: 'flat' }, seen({}), 640, 480);
    expect(m).toMatchObject({ labelled: true, ignore: false, box: [100, 100, 140, 150] });
    const lines = yoloLines({ image: { width: 640, height: 480 }, dice: [m] } as FrameMeta);
    expect(lines).toBe(`${die.value - 1} 0.187500 0.260417 0.062500 0.104167\n`);
  });

  it('marks half-covered, cut-off and cocked dice ignore, and leaves out what cannot be read', () => {
    expect(dieMeta({ ...die, pose: 'flat' }, seen({ pixels: 800 }), 640, 480)).toMatchObject({ labelled: true, ignore: true, visible: 0.5 });
    const cut = dieMeta({ ...die, pose: 'flat' }, seen({ box: [-10, 100, 30, 150] }), 640, 480);
    expect(cut).toMatchObject({ labelled: true, ignore: true, cutOff: true, box: [0, 100, 30, 150] });
    expect(dieMeta({ ...die, pose: 'flat' }, seen({ pixels: 400 }), 640, 480).labelled).toBe(false);
    expect(dieMeta({ ...die, pose: 'flat' }, seen({ top: { ...seen({}).top, visible: 0.4 } }), 640, 480).labelled).toBe(false);
    expect(dieMeta({ ...die, pose: 'leaning' }, seen({}), 640, 480)).toMatchObject({ labelled: false, ignore: true, cocked: true });
  });

  it('calls pips legible by their narrowest width against the blur, a steep view narrowing them', () => {
    const sharp = { image: { width: 640, height: 480, jpegQuality: 90 }, effects: { ...scene(7, 0).effects, blur: 0, depthBlur: 0, motion: [0, 0] as [number, number] } };
    const flat = dieMeta({ ...die, pose: 'flat', pips: { ...die.pips, size: 0.2 } }, seen({}), 640, 480);
    // A 40 px top face: pips of 8 px, legible until the blur disc (1.6 sigma) is wider.
    expect(pipsLegible(flat, sharp)).toBe(true);
    expect(pipsLegible(flat, { ...sharp, effects: { ...sharp.effects, blur: 4.9 } })).toBe(true);
    expect(pipsLegible(flat, { ...sharp, effects: { ...sharp.effects, blur: 5.1 } })).toBe(false);
    // The same face seen so steeply that it is 4 px high: pips about a pixel across, whatever the blur.
    const steep = dieMeta({ ...die, pose: 'flat', pips: { ...die.pips, size: 0.2 } }, seen({ top: { ...seen({}).top, polygon: [[100, 100], [140, 100], [140, 104], [100, 104]] } }), 640, 480);
    expect(0.2 * 4).toBeLessThan(MIN_PIP_PX);
    expect(pipsLegible(steep, sharp)).toBe(false);
  });
});
