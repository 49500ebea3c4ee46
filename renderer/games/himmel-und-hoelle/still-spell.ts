/** What the camera saw in one frame, as the still count needs it (the worker's step answer). */
export interface CameraStep {
  /** The frame differs from the one before (a hand, a die being moved). */
  moving: boolean;
  /** How long the picture has been still, by the frames' own times, ms. */
  stillForMs: number;
  /**
   * The board is in view and read: false where a settled frame could not be used (the board not
   * found because a hand covers its corners, a frame that could not be read, dice in colours
   * nobody plays).
   */
  seen: boolean;
}

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
