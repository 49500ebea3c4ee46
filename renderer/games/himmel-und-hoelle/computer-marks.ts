import type { Place } from '../../../engine/himmel-und-hoelle/board.ts';
import type { HuhMove, HuhState } from '../../../engine/himmel-und-hoelle/state.ts';

/**
 * What the main board marks of the computer's turn: where each die it moved came from and where it
 * stands now (`turn`), and the action it shows right now (`now`: waiting for the table, or shown a
 * moment before it is played when the computer does not wait). Taken from the history, so it stays
 * on the board until a person acts, and a reload keeps it.
 */
export interface ComputerMarks {
  turn: Map<Place, 'from' | 'to'>;
  now: Map<Place, 'from' | 'to'>;
}

type Entry = { state: HuhState; move: unknown; source?: string };

/** The die an action moves or raises, or null (a card, a pass, the end of a turn). */
function dieOf(m: HuhMove): number | null {
  return m.type === 'step' || m.type === 'free-step' || m.type === 'raise' || m.type === 'free-raise' ? m.die : null;
}

/** Where `move` takes its die from and to (a raise stays on its field). */
function fromTo(before: HuhState, move: HuhMove): [Place, Place] | null {
  const die = dieOf(move);
  if (die === null) return null;
  const from = before.dice[die].at;
  return [from, move.type === 'step' || move.type === 'free-step' ? move.to : from];
}

function put(marks: Map<Place, 'from' | 'to'>, [from, to]: [Place, Place]) {
  // A field both left and reached (a die passing through, or raised where it stands) reads as reached.
  if (!marks.has(from)) marks.set(from, 'from');
  marks.set(to, 'to');
}

/**
 * The computer's last turn: the actions played by it at the end of the history, back to the end of
 * an earlier turn or a person's action (the battle cards are passed over: a person's hidden card
 * falls inside the computer's turn). `now` is the action shown, not yet played.
 */
export function computerMarks(history: readonly Entry[], pos: HuhState, now: { before: HuhState; move: HuhMove } | null): ComputerMarks {
  const moved = new Map<number, Place>();
  for (let i = history.length - 1; i >= 0; i--) {
    const h = history[i];
    const m = h.move as HuhMove;
    if (m.type === 'card' || m.type === 'cards') continue;
    if (h.source !== 'bot' || (m.type === 'end' && i < history.length - 1)) break;
    const die = dieOf(m);
    // Walking back, the earliest place of each die is the one that stays.
    if (die !== null) moved.set(die, h.state.dice[die].at);
  }
  const turn = new Map<Place, 'from' | 'to'>();
  for (const [die, from] of moved) put(turn, [from, pos.dice[die].at]);
  const nowMarks = new Map<Place, 'from' | 'to'>();
  const ft = now && fromTo(now.before, now.move);
  if (ft) put(nowMarks, ft);
  return { turn, now: nowMarks };
}
