import { cellMeans, changedCells } from '../change/cells.ts';
import type { Frame, Observation, Reading } from '../types.ts';

export interface SettleOptions {
  /** How long the table must have been still before a reading is passed on, ms. */
  stillMs: number;
  /** Edge of the square cells the frame is averaged over, px: averaging drowns sensor noise. */
  cell: number;
  /** Change of a cell's mean (any channel, levels) that counts as movement there. */
  cellThreshold: number;
  /** Share of cells allowed to change before the frame counts as moving. */
  motionShare: number;
  /** Pause before a still table is read again because its last reading had a die it could not read, ms. */
  retryMs: number;
  /** How often one still spell is read again for such a die: a die that stays unreadable is not read every frame. */
  retries: number;
  /**
   * How long the table must have been still where the caller vouches that only dice changed since
   * the board's reference (`look`'s `quick`: die-sized patches, nothing from the picture's edge),
   * ms: a die at rest is read at once, while a hand or arm still in view waits the full `stillMs`.
   */
  quickMs: number;
}

export const SETTLE_DEFAULTS: SettleOptions = { stillMs: 700, cell: 8, cellThreshold: 9, motionShare: 0.001, retryMs: 700, retries: 4, quickMs: 100 };

export interface SettleStep {
  /** Share of cells that changed (against the previous frame or the start of the still spell). */
  motion: number;
  moving: boolean;
  stillForMs: number;
  /** Set on a frame of a still spell whose reading is passed on. */
  observation: Observation | null;
}

/** A step of `look`: whether this frame is to be read (its reading then goes to `took`). */
export interface LookStep extends SettleStep {
  read: boolean;
}

/**
 * Passes a reading on only once the table has been still for `stillMs`, and only from a frame that
 * is itself still. A still spell is read once, unless that reading has a die the reader could not
 * read (`value: null`): the next frames differ by sensor noise and usually read, so the still table
 * is read again every `retryMs`, at most `retries` times, and a reading is passed on only where it
 * differs from the one passed on before (the game is not handed the same refused board again).
 * Each frame is compared with the previous one (what moves now) and with the first frame of the
 * still spell (what creeps too slowly to show between two frames). A uniform change of brightness (auto exposure, a cloud) is taken out by
 * dividing by the median gain of the cells before judging them, so it does not count as motion.
 */
export class Settler {
  private readonly o: SettleOptions;
  private prev: Float32Array | null = null;
  private anchor: Float32Array | null = null;
  private stillSince: number | null = null;
  /** How long the table must have been still before the next read; null: no more reads this spell. */
  private readAfterMs: number | null = null;
  private tries = 0;
  /** The spell's first read is still to come (it may come early, `quickMs`). */
  private first = true;
  /** The reading passed on in this still spell. */
  private passed: Reading | null = null;

  constructor(options: Partial<SettleOptions> = {}) {
    this.o = { ...SETTLE_DEFAULTS, ...options };
  }

  /** `read` runs only on the frames that are read, so a slow reader costs nothing while things move. */
  push(frame: Frame, read: (f: Frame) => Reading): SettleStep {
    const { read: due, ...step } = this.look(frame);
    return due ? { ...step, observation: this.took(read(frame), step.stillForMs) } : step;
  }

  /**
   * The first half of `push` for a reader that answers later (the d6 worker's reader is async):
   * whether this frame is to be read. Its reading goes to `took` before the next frame comes, or
   * `missed` where there is none (no board found on it). `quick`, asked only once the table has
   * been still for `quickMs` and the spell's first read is due: whether only dice changed since the
   * reference, so the table need not wait the full `stillMs`.
   */
  look(frame: Frame, quick?: () => boolean): LookStep {
    const cells = cellMeans(frame, this.o.cell);
    const prev = this.prev;
    this.prev = cells;
    if (!prev || prev.length !== cells.length) return this.moved(cells, 1);
    const motion = Math.max(this.changed(prev, cells), this.changed(this.anchor!, cells));
    if (motion > this.o.motionShare) return this.moved(cells, motion);

    this.stillSince ??= frame.time;
    const stillForMs = frame.time - this.stillSince;
    const early = this.first && quick !== undefined && stillForMs >= this.o.quickMs && quick();
    const read = this.readAfterMs !== null && (stillForMs >= this.readAfterMs || early);
    if (read) [this.readAfterMs, this.first] = [null, false];
    return { motion, moving: false, stillForMs, observation: null, read };
  }

  /** The reading of the frame `look` asked to read: the observation to pass on, if any. */
  took(reading: Reading, stillForMs: number): Observation | null {
    // A hand resting still in view is no settled table: wait for it to leave.
    if (reading.obstructed) {
      this.readAfterMs = stillForMs;
      return null;
    }
    if (reading.dice.some((d) => d.value === null)) this.readAgain(stillForMs);
    if (this.passed && sameDice(this.passed, reading)) return null;
    this.passed = reading;
    return { reading, stillForMs };
  }

  /**
   * The frame `look` asked to read gave no reading: no board was found on it (a marker lost in
   * glare or under a sleeve for that one frame) or the read failed. The still table is read again
   * after `retryMs`, within the same `retries` as an unreadable die; before, the spell was not read
   * again until something moved, and a player had to nudge a die to be read.
   */
  missed(stillForMs: number): void {
    this.readAgain(stillForMs);
  }

  /** Reads the still table again after `retryMs`, while the spell has retries left. */
  private readAgain(stillForMs: number): void {
    if (this.tries >= this.o.retries) return;
    this.tries++;
    this.readAfterMs = stillForMs + this.o.retryMs;
  }

  /** Reads the next frame once the table is still, and passes it on as new (corners were just clicked). */
  again(): void {
    this.readAfterMs = this.o.stillMs;
    this.first = true;
    this.tries = 0;
    this.passed = null;
  }

  private moved(cells: Float32Array, motion: number): LookStep {
    this.anchor = cells;
    this.stillSince = null;
    this.again();
    return { motion, moving: true, stillForMs: 0, observation: null, read: false };
  }

  private changed(a: Float32Array, b: Float32Array): number {
    const cells = changedCells(a, b, this.o.cellThreshold);
    return cells.reduce((n, c) => n + c, 0) / cells.length;
  }
}

/** The same dice in both readings: each read alike, within half its box's shorter side of where it was. */
function sameDice(a: Reading, b: Reading): boolean {
  if (a.dice.length !== b.dice.length) return false;
  const left = [...b.dice];
  return a.dice.every((d) => {
    const near = Math.min(d.box[2], d.box[3]) / 2;
    const i = left.findIndex(
      (e) => e.value === d.value && e.unreadable === d.unreadable && e.miwin === d.miwin && Math.hypot(e.centre[0] - d.centre[0], e.centre[1] - d.centre[1]) < near,
    );
    return i >= 0 && left.splice(i, 1).length === 1;
  });
}
