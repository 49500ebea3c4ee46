/**
 * The board's reference as a camera worker keeps it (vision/change/change.ts says why): the frame
 * of the last position the game took and the dice read on it. A reading passed on becomes the
 * reference only once the game takes it; a reading it refuses leaves the reference as it was, so
 * the next one is judged against the position the game holds.
 */
import { localScale, type Calibration } from '../board/calibration.ts';
import type { Frame, Reading } from '../types.ts';
import { boardCorners, CHANGE_DEFAULTS, judge, onlyDiceChanged, takeReference, type BoardReference, type ChangeOptions } from './change.ts';

/** The largest patch of change that is dice alone, board mm: two dice side by side with their shadows; a hand is bigger. */
export const DICE_PATCH_MM = 50;

export interface Watched {
  /** The reading to pass on. */
  reading: Reading;
  /** The reference no longer fit the picture and was dropped: the board or camera moved, or the light changed. */
  lost?: 'moved' | 'light';
  /** Dice the reader reported where nothing changed and the position has none. */
  ghosts: number;
}

export class BoardWatch {
  private ref: (BoardReference & { pxPerMm: number }) | null = null;
  private pending: (BoardReference & { pxPerMm: number }) | null = null;

  constructor(private readonly o: ChangeOptions = CHANGE_DEFAULTS) {}

  /** A reference to judge by. */
  get holds(): boolean {
    return this.ref !== null;
  }

  /** Forgets the reference (another board, corners clicked): the next reading is taken whole. */
  reset(): void {
    this.ref = this.pending = null;
  }

  /** Only dice changed since the reference, so a still table can be read early (`SettleOptions.quickMs`). */
  quick(frame: Frame): boolean {
    return this.ref !== null && onlyDiceChanged(this.ref, frame, DICE_PATCH_MM * this.ref.pxPerMm, this.o);
  }

  /** The reading of `frame` judged against the reference; without one, the reading as it is. */
  judge(frame: Frame, reading: Reading, cal: Calibration): Watched {
    if (!this.ref) return { reading, ghosts: 0 };
    const j = judge(this.ref, frame, reading, boardCorners(cal.board, cal.boardToImage), this.o);
    if (j.status === 'lost') {
      this.reset();
      return { reading, lost: j.why, ghosts: 0 };
    }
    return { reading: j.reading, ghosts: j.ghosts.length };
  }

  /** The reading passed on to the game, of `frame`: the reference once the game takes it (`verdict`). */
  passed(frame: Frame, reading: Reading, cal: Calibration): void {
    const centre = cal.board.outline.reduce<[number, number]>((c, p) => [c[0] + p[0] / 4, c[1] + p[1] / 4], [0, 0]);
    this.pending = { ...takeReference(frame, reading.dice, boardCorners(cal.board, cal.boardToImage), this.o), pxPerMm: Math.sqrt(localScale(cal.boardToImage, centre)) };
  }

  /** What the game made of the reading passed on last: taken, or refused (the reference stays). */
  verdict(taken: boolean): void {
    if (taken && this.pending) this.ref = this.pending;
    this.pending = null;
  }
}
