import type { CameraStep } from '../../vision/protocol.ts';

/**
 * The camera's count of a board lying still, begun when something would end if it stays so (a
 * turn with AP left against the computer). It counts the camera's time, not the screen's: only
 * frames that show the board still add to it. A moving frame (a hand over the board) or one
 * whose board could not be read restarts it, and it stays at nothing until the board, settled
 * again, has been read and judged, which begins a new spell (`TableWatch`): a hand resting over
 * the board, or a camera that stopped sending, never ends a turn.
 */
export class StillSpell {
  /** `stillForMs` of the first frame of the count; null before it. */
  private from: number | null = null;
  /** Something moved or covered the board since the spell began: it counts no more. */
  private broken = false;

  constructor(private readonly ms: number) {}

  /** One frame: true on the frame that completes `ms` of stillness since the spell began. */
  step(s: CameraStep): boolean {
    if (s.moving || !s.seen) {
      this.broken = true;
      return false;
    }
    if (this.broken) return false;
    // The count begins with the first frame after the spell began: the board may have lain still
    // before, while the screen played the turn, but the words that say what ends came only now.
    if (this.from === null) {
      this.from = s.stillForMs;
      return false;
    }
    return s.stillForMs - this.from >= this.ms;
  }
}
