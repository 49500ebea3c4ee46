import type { Text } from '../core/contract.ts';
import { shuffle, type Rng } from '../core/rng.ts';
import type { Tafel } from './tafel.ts';

/**
 * The stack of Tafeln as it lies on the table. A real box holds double-sided boards: each Tafel
 * file may say which board of the box it is printed on and on which side (`board`). The boards are
 * stacked, the top board's upper face is played, and each played board is laid aside as it lies;
 * once the last board of the stack has been played, the laid-aside pile is turned over as a whole,
 * so the other faces come up in the same board order (docs/engel-und-bengel.md, "The stack").
 * A Tafel without `board` is a board of its own with one face (the shipped ones, printed sheets).
 */
interface PhysicalBoard {
  front?: Tafel;
  back?: Tafel;
}

/** The boards of a stack: numbered ones by number, then every Tafel without a board as a board of its own. */
function boardsOf(tafeln: readonly Tafel[]): PhysicalBoard[] {
  const numbered = new Map<number, PhysicalBoard>();
  const single: PhysicalBoard[] = [];
  for (const t of tafeln) {
    if (!t.board) {
      single.push({ front: t });
      continue;
    }
    const b = numbered.get(t.board.number) ?? {};
    b[t.board.side] = t;
    numbered.set(t.board.number, b);
  }
  return [...[...numbered].sort(([a], [b]) => a - b).map(([, b]) => b), ...single];
}

/**
 * The order in which the Tafeln come up when `top` (one of `tafeln`) lies on top: the boards from
 * the one `top` is on, that face's side of each board, then the other sides. `shuffled`: the other
 * boards in a random order (the rules stack the boards in any order), the faces of a board kept
 * together as they are printed.
 */
export function stackOrder(tafeln: readonly Tafel[], top: Tafel, shuffled: Rng | null): Tafel[] {
  const boards = boardsOf(tafeln);
  const first = boards.findIndex((b) => b.front === top || b.back === top);
  const rest = [...boards.slice(first + 1), ...boards.slice(0, first)];
  const order = [boards[first], ...(shuffled ? shuffle(rest, shuffled) : rest)];
  const up = top.board?.side ?? 'front';
  const down = up === 'front' ? 'back' : 'front';
  return [...order.flatMap((b) => b[up] ?? []), ...order.flatMap((b) => b[down] ?? [])];
}

/**
 * Why a stack of Tafeln cannot make a game, or null: two Tafeln with one id (a record names the
 * Tafel of each Durchgang by id), two Tafeln on one side of one board, or no white row anywhere
 * (nobody could gain a point, so nobody could reach the end: the game would never end).
 */
export function stackProblem(stack: readonly Tafel[]): Text | null {
  const ids = new Set<string>();
  const faces = new Map<string, Tafel>();
  for (const t of stack) {
    if (ids.has(t.id)) return { de: `Die Tafel "${t.id}" liegt zweimal im Stapel: jede Tafel braucht ihre eigene id.`, en: `Tafel "${t.id}" is in the stack twice: every Tafel needs an id of its own.` };
    ids.add(t.id);
    if (!t.board) continue;
    const face = `${t.board.number}/${t.board.side}`;
    const other = faces.get(face);
    if (other) {
      const side = t.board.side === 'front' ? { de: 'Vorderseite', en: 'front' } : { de: 'Rückseite', en: 'back' };
      return {
        de: `Die Tafeln "${other.id}" und "${t.id}" sind beide die ${side.de} von Brett ${t.board.number}.`,
        en: `Tafeln "${other.id}" and "${t.id}" are both the ${side.en} of board ${t.board.number}.`,
      };
    }
    faces.set(face, t);
  }
  if (!stack.some((t) => t.rows.some((r) => r.colour === 'white'))) {
    return {
      de: 'Keine Tafel des Stapels hat eine weiße Reihe: niemand könnte Punkte gewinnen, und das Spiel ginge nie zu Ende.',
      en: 'No Tafel of the stack has a white row: nobody could gain points, and the game would never end.',
    };
  }
  return null;
}
