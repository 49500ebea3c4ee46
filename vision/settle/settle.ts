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
}

export const SETTLE_DEFAULTS: SettleOptions = { stillMs: 700, cell: 8, cellThreshold: 9, motionShare: 0.001 };

export interface SettleStep {
  /** Share of cells that changed (against the previous frame or the start of the still spell). */
  motion: number;
  moving: boolean;
  stillForMs: number;
  /** Set on the one frame of a still spell that is read and passed on. */
  observation: Observation | null;
}

/**
 * Passes a reading on only once the table has been still for `stillMs`, once per still spell, and
 * only from a frame that is itself still. Each frame is compared with the previous one (what
 * moves now) and with the first frame of the still spell (what creeps too slowly to show between
 * two frames). A uniform change of brightness (auto exposure, a cloud) is taken out by
 * dividing by the median gain of the cells before judging them, so it does not count as motion.
 */
export class Settler {
  private readonly o: SettleOptions;
  private prev: Float32Array | null = null;
  private anchor: Float32Array | null = null;
  private stillSince: number | null = null;
  private done = false;

  constructor(options: Partial<SettleOptions> = {}) {
    this.o = { ...SETTLE_DEFAULTS, ...options };
  }

  /** `read` runs only on the frame that is passed on, so a slow reader costs nothing while things move. */
  push(frame: Frame, read: (f: Frame) => Reading): SettleStep {
    const cells = thumbnail(frame, this.o.cell);
    const prev = this.prev;
    this.prev = cells;
    if (!prev || prev.length !== cells.length) return this.moved(cells, 1);
    const motion = Math.max(this.changed(prev, cells), this.changed(this.anchor!, cells));
    if (motion > this.o.motionShare) return this.moved(cells, motion);

    this.stillSince ??= frame.time;
    const stillForMs = frame.time - this.stillSince;
    if (this.done || stillForMs < this.o.stillMs) return { motion, moving: false, stillForMs, observation: null };
    const reading = read(frame);
    // A hand resting still in view is no settled table: wait for it to leave.
    if (reading.obstructed) return { motion, moving: false, stillForMs, observation: null };
    this.done = true;
    return { motion, moving: false, stillForMs, observation: { reading, stillForMs } };
  }

  private moved(cells: Float32Array, motion: number): SettleStep {
    this.anchor = cells;
    this.stillSince = null;
    this.done = false;
    return { motion, moving: true, stillForMs: 0, observation: null };
  }

  private changed(a: Float32Array, b: Float32Array): number {
    const n = a.length / 3;
    const gain = [0, 1, 2].map((ch) => {
      const r = new Float32Array(n);
      for (let i = 0; i < n; i++) r[i] = (b[i * 3 + ch] + 1) / (a[i * 3 + ch] + 1);
      return r.sort()[n >> 1];
    });
    let count = 0;
    for (let i = 0; i < n; i++) {
      for (let ch = 0; ch < 3; ch++) {
        if (Math.abs(b[i * 3 + ch] - a[i * 3 + ch] * gain[ch]) > this.o.cellThreshold) {
          count++;
          break;
        }
      }
    }
    return count / n;
  }
}

/** Mean RGB of each `cell` x `cell` block (partial blocks at the edges dropped). */
function thumbnail(f: Frame, cell: number): Float32Array {
  const cw = Math.floor(f.width / cell);
  const chh = Math.floor(f.height / cell);
  const out = new Float32Array(cw * chh * 3);
  for (let y = 0; y < chh * cell; y++) {
    const row = Math.floor(y / cell) * cw;
    for (let x = 0; x < cw * cell; x++) {
      const i = (y * f.width + x) * 4;
      const o = (row + Math.floor(x / cell)) * 3;
      out[o] += f.data[i];
      out[o + 1] += f.data[i + 1];
      out[o + 2] += f.data[i + 2];
    }
  }
  const k = 1 / (cell * cell);
  for (let i = 0; i < out.length; i++) out[i] *= k;
  return out;
}
