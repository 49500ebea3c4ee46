import { describe, expect, it, vi } from 'vitest';
import { Settler } from '../../vision/settle/settle.ts';
import { onlyDiceChanged, takeReference } from '../../vision/change/change.ts';
import { cameraOver, renderScene, type Layer } from '../../vision/synth/scene.ts';
import { dieLayer, handLayer } from '../../vision/synth/layers.ts';
import { pipLayout } from '../../vision/synth/pips.ts';
import { createRng } from '../../engine/core/rng.ts';
import type { DieReading, Frame, Reading } from '../../vision/types.ts';
import type { Point } from '../../vision/board/homography.ts';

// Rendering frames in plain JS is slow on a shared two-core machine; no timing is asserted.
vi.setConfig({ testTimeout: 120_000 });

const rng = createRng(3);
const camera = cameraOver([0, 0, 320, 240], 320, 240, { tilt: [0.04, 0.04, 0, 0] });
const DT = 33;

const die = (centre: Point, angle: number, value: number): Layer =>
  dieLayer({ centre, size: 18, angle, body: [240, 238, 232], pip: [30, 60, 200], pips: pipLayout(value, 'classic', 0.09, rng), pipRadius: 0.09 });

function frame(i: number, layers: Layer[], gain = 1): Frame {
  return renderScene({ width: 320, height: 240, camera, table: [40, 90, 62], layers, supersample: 1, noise: 4, rng, light: [gain, gain], time: i * DT });
}

/** A die rolls in from the left edge, tumbling, and stops at (160, 120) showing 5. */
function rollIn(i: number, frames: number): Layer {
  const t = Math.min(1, i / frames);
  const ease = 1 - (1 - t) ** 2;
  return die([10 + 150 * ease, 60 + 60 * ease], 6 * ease, t < 1 ? 1 + (Math.floor(i / 3) % 6) : 5);
}

interface Run {
  observedAt: number[];
  readAt: number[];
  moving: boolean[];
}

function run(frames: Frame[], settler = new Settler({ stillMs: 500 }), obstructedAt: (f: Frame) => boolean = () => false): Run {
  const out: Run = { observedAt: [], readAt: [], moving: [] };
  frames.forEach((f, i) => {
    const step = settler.push(f, (fr): Reading => {
      out.readAt.push(i);
      return { dice: [], obstructed: obstructedAt(fr), elapsedMs: 0, time: fr.time };
    });
    out.moving.push(step.moving);
    if (step.observation) {
      out.observedAt.push(i);
      expect(step.observation.stillForMs).toBeGreaterThanOrEqual(500);
      expect(step.observation.reading.time).toBe(f.time);
    }
  });
  return out;
}

describe('settle detection on rendered frame sequences', () => {
  it('a die rolls in, a hand passes over it, the table is still again: one observation per still spell, none mid-motion', () => {
    const frames: Frame[] = [];
    const roll = 15;
    for (let i = 0; i < 70; i++) {
      const dieNow = rollIn(i, roll);
      // The hand passes from frame 35 to 44, right over the die.
      const hand = i >= 35 && i < 45 ? [handLayer([-60 + (i - 35) * 40, 110], 0, 120)] : [];
      frames.push(frame(i, [dieNow, ...hand]));
    }
    const r = run(frames);
    // Rolling frames 1..15 move; then still from frame 16: 500 ms later (>= 16 frames) it is read.
    for (let i = 1; i <= roll; i++) expect(r.moving[i]).toBe(true);
    expect(r.observedAt).toHaveLength(2);
    const [first, second] = r.observedAt;
    expect(first).toBeGreaterThanOrEqual(16 + Math.ceil(500 / DT));
    expect(first).toBeLessThan(35);
    for (let i = 35; i <= 45; i++) expect(r.moving[i]).toBe(true);
    expect(second).toBeGreaterThanOrEqual(46 + Math.ceil(500 / DT));
    // The reader only ever saw the frames that were passed on.
    expect(r.readAt).toEqual(r.observedAt);
    for (const i of r.readAt) expect(r.moving[i]).toBe(false);
  });

  it('a pause shorter than the still time in the middle of motion passes nothing on', () => {
    const frames: Frame[] = [];
    for (let i = 0; i < 40; i++) {
      // Moves, pauses 8 frames (264 ms), moves again, never still for 500 ms until the end.
      const x = i < 10 ? 40 + i * 8 : i < 18 ? 120 : i < 30 ? 120 + (i - 18) * 5 : 180;
      const turn = i < 10 ? i * 0.2 : i < 18 ? 2 : i < 30 ? 2 + (i - 18) * 0.2 : 4.4;
      frames.push(frame(i, [die([x, 120], turn, 3)]));
    }
    const r = run(frames);
    // The pause is seen as still, but too short; the end is still for only 9 frames.
    expect(r.moving.slice(11, 18)).toEqual(Array(7).fill(false));
    expect(r.observedAt).toEqual([]);
  });

  it('sensor noise and a change of exposure are not motion', () => {
    const still = die([160, 120], 0.4, 6);
    const frames = Array.from({ length: 40 }, (_, i) => frame(i, [still], i < 20 ? 1 : 0.93));
    const r = run(frames);
    expect(r.moving.slice(1).every((m) => !m)).toBe(true);
    expect(r.observedAt).toEqual([1 + Math.ceil(500 / DT)]);
  });

  it('a die creeping half a pixel a frame counts as moving', () => {
    const frames = Array.from({ length: 50 }, (_, i) => frame(i, [die([100 + i * 0.5, 120], 0, 2)]));
    const r = run(frames);
    expect(r.observedAt).toEqual([]);
  });

  it('waits while the reader says something is in the way, and honours the configured still time', () => {
    const still = die([160, 120], 0, 4);
    const frames = Array.from({ length: 50 }, (_, i) => frame(i, [still]));
    const r = run(frames, new Settler({ stillMs: 1000 }), (f) => f.time < 40 * DT);
    expect(r.observedAt).toEqual([40]);
  });
});

describe('reading a still table again while a die could not be read', () => {
  const settled = die([160, 120], 0.3, 4);
  // Four noisy renders of one still table, shown in turn: cheap, and still all along.
  const looks = Array.from({ length: 4 }, (_, i) => frame(i, [settled]));
  const still = (n: number): Frame[] => Array.from({ length: n }, (_, i) => ({ ...looks[i % looks.length], time: i * DT }));
  const seen = (value: number | null): DieReading => ({
    value,
    confidence: value === null ? 0.4 : 0.9,
    box: [151, 111, 18, 18],
    centre: [160, 120],
    body: { name: 'white', rgb: [240, 238, 232] },
    pips: { name: 'blue', rgb: [30, 60, 200] },
    ...(value === null ? { unreadable: 'unsure' as const } : {}),
  });

  /** Every read of `frames` by a reader that answers the nth read with `nth(n)`. */
  function reads(frames: Frame[], nth: (n: number) => DieReading[], settler = new Settler({ stillMs: 500, retryMs: 500, retries: 3 })) {
    const readAt: number[] = [];
    const observed: { at: number; values: (number | null)[] }[] = [];
    frames.forEach((f, i) => {
      const step = settler.push(f, (fr) => {
        readAt.push(i);
        return { dice: nth(readAt.length - 1), obstructed: false, elapsedMs: 0, time: fr.time };
      });
      if (step.observation) observed.push({ at: i, values: step.observation.reading.dice.map((d) => d.value) });
    });
    return { readAt, observed };
  }

  // Still from frame 1 on: first read 500 ms later, then one every 500 ms.
  const first = 1 + Math.ceil(500 / DT);
  const pause = Math.ceil(500 / DT);

  it('a first reading with an unreadable die is read again after the pause, and the good reading is passed on', () => {
    const r = reads(still(80), (n) => [seen(n === 0 ? null : 4)]);
    expect(r.readAt).toEqual([first, first + pause]);
    expect(r.observed).toEqual([
      { at: first, values: [null] },
      { at: first + pause, values: [4] },
    ]);
  });

  it('a die that stays unreadable is read again at most `retries` times, and the same refused board is passed on once', () => {
    const r = reads(still(120), () => [seen(null)]);
    expect(r.readAt).toEqual([first, first + pause, first + 2 * pause, first + 3 * pause]);
    expect(r.observed).toEqual([{ at: first, values: [null] }]);
  });

  it('a readable first reading is not read again', () => {
    const r = reads(still(80), () => [seen(4)]);
    expect(r.readAt).toEqual([first]);
    expect(r.observed).toEqual([{ at: first, values: [4] }]);
  });

  it('after motion the count starts afresh, and the same board is passed on again', () => {
    const moved = frame(99, [die([100, 80], 1, 2)]);
    const frames = [...still(40), { ...moved, time: 40 * DT }, ...still(80).map((f) => ({ ...f, time: f.time + 41 * DT }))];
    const r = reads(frames, () => [seen(null)], new Settler({ stillMs: 500, retryMs: 500, retries: 1 }));
    expect(r.readAt).toEqual([first, first + pause, 41 + first, 41 + first + pause]);
    expect(r.observed.map((o) => o.at)).toEqual([first, 41 + first]);
  });

  it('a frame that gave no reading (no board found on it) is followed by another read after the pause, at most `retries` times', () => {
    const settler = new Settler({ stillMs: 500, retryMs: 500, retries: 3 });
    const readAt: number[] = [];
    const passed: number[] = [];
    still(120).forEach((f, i) => {
      const step = settler.look(f);
      if (!step.read) return;
      readAt.push(i);
      // The first two frames to be read show no board; the third reads.
      if (readAt.length <= 2) settler.missed(step.stillForMs);
      else if (settler.took({ dice: [seen(4)], obstructed: false, elapsedMs: 0, time: f.time }, step.stillForMs)) passed.push(i);
    });
    expect(readAt).toEqual([first, first + pause, first + 2 * pause]);
    expect(passed).toEqual([first + 2 * pause]);

    const never = new Settler({ stillMs: 500, retryMs: 500, retries: 3 });
    const tried: number[] = [];
    still(160).forEach((f, i) => {
      const step = never.look(f);
      if (!step.read) return;
      tried.push(i);
      never.missed(step.stillForMs);
    });
    expect(tried).toEqual([first, first + pause, first + 2 * pause, first + 3 * pause]);
  });

  it('again() reads the next still frame and passes it on even when it reads as before (corners just clicked)', () => {
    const settler = new Settler({ stillMs: 500 });
    const frames = still(60);
    const passed: number[] = [];
    frames.forEach((f, i) => {
      if (i === 40) settler.again();
      const step = settler.look(f);
      if (step.read && settler.took({ dice: [seen(4)], obstructed: false, elapsedMs: 0, time: f.time }, step.stillForMs)) passed.push(i);
    });
    expect(passed).toEqual([first, 40]);
  });
});

describe('settling early where only dice changed since the board reference', () => {
  it('a die rolled in is read `quickMs` after it rests; a hand resting in view waits the full still time; never mid-motion', () => {
    const ref = takeReference(frame(0, []), []);
    const frames: Frame[] = [];
    for (let i = 0; i < 90; i++) {
      // Rolls in (1..15), rests; a hand comes in over the table (40..49) and rests there (50..89).
      const hand = i >= 40 ? [handLayer([-60 + Math.min(i - 40, 10) * 14, 60], 0, 120)] : [];
      frames.push(frame(i, [rollIn(i, 15), ...hand]));
    }
    const settler = new Settler({ stillMs: 700, quickMs: 100 });
    const observedAt: number[] = [];
    const moving: boolean[] = [];
    frames.forEach((f, i) => {
      const step = settler.look(f, () => onlyDiceChanged(ref, f, 40));
      moving.push(step.moving);
      if (step.read && settler.took({ dice: [], obstructed: false, elapsedMs: 0, time: f.time }, step.stillForMs)) observedAt.push(i);
    });
    for (let i = 1; i <= 15; i++) expect(moving[i]).toBe(true);
    // Still from frame 16: read once 100 ms (4 frames at 33 ms) have passed, not 700.
    expect(observedAt[0]).toBe(16 + Math.ceil(100 / DT));
    // The hand's last move is frame 50, still from 51: a hand-sized patch of change, so the full 700 ms.
    expect(observedAt.slice(1)).toEqual([51 + Math.ceil(700 / DT)]);
    for (const i of observedAt) expect(moving[i]).toBe(false);
  });
});
