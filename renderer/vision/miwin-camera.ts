/**
 * What the Miwin camera worker does with each frame (miwin-worker.ts; kept apart from the worker's
 * messages so Node tests run it): settle detection, and on a still table Miwin's reader judged
 * against the table's reference (vision/change/), as the d6 worker judges a board: the frame of
 * the last position Plus took and the dice read on it. Only the patches that changed are read, a
 * die that did not move keeps its accepted value, and a still table where only dice changed is
 * read `quickMs` after it rests. There is no board: the dice's own size gives the scale, and
 * only a change over much of the picture (the light) loses the reference.
 */
import type { Text } from '../../engine/core/text.ts';
import { BoardWatch, diceView } from '../../vision/change/watch.ts';
import { Settler } from '../../vision/settle/settle.ts';
import type { Box } from '../../vision/detect/boxes.ts';
import type { Frame, Reading } from '../../vision/types.ts';

/** The light changed over much of the picture: the next still table is read whole, as at the start. */
export const TABLE_LIGHT: Text = {
  de: 'Das Licht hat sich geändert: Schiri nimmt die Würfel neu auf. Bitte nichts bewegen, bis sie wieder gelesen sind.',
  en: 'The light changed: Schiri takes the dice in afresh. Please move nothing until they are read again.',
};

export interface MiwinStep {
  moving: boolean;
  stillForMs: number;
  observation: Reading | null;
  problem?: Text;
  /** The patches read on this frame (frame px); null: read whole or not read. */
  patches?: Box[] | null;
}

export class MiwinCamera {
  private readonly settler = new Settler();
  private readonly watch = new BoardWatch();

  constructor(private readonly read: (f: Frame) => Reading) {}

  async frame(frame: Frame): Promise<MiwinStep> {
    const step = this.settler.look(frame, () => this.watch.quick(frame));
    const out: MiwinStep = { moving: step.moving, stillForMs: step.stillForMs, observation: null };
    if (!step.read) return out;
    const seen = await this.watch.see(frame, null, this.read);
    if (seen.lost) {
      this.settler.missed(step.stillForMs);
      return { ...out, problem: TABLE_LIGHT };
    }
    out.patches = seen.patches;
    const observed = this.settler.took(seen.reading, step.stillForMs);
    const view = observed && diceView(observed.reading);
    if (observed && view) this.watch.passed(frame, observed.reading, view);
    return { ...out, observation: observed?.reading ?? null };
  }

  /** Whether Plus took the reading passed on last (it becomes the reference) or refused it. */
  verdict(taken: boolean): void {
    this.watch.verdict(taken);
  }
}
