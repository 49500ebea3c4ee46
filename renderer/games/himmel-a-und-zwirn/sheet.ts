import type { Text } from '../../../engine/core/contract.ts';
import type { ZwirnState } from '../../../engine/himmel-a-und-zwirn/game.ts';
import type { SheetLine } from '../../components/ranking.ts';

/**
 * Zwirn's score sheet: it is played in one go, so a line per move that put cards on someone's
 * Misthaufen (a pile taken, a special card played), with the cards each player got, and the
 * minus points in total.
 */
export function zwirnSheet(history: readonly { state: ZwirnState }[], now: ZwirnState, describe: (i: number) => Text): { lines: SheetLine[]; total: SheetLine } {
  const lines: SheetLine[] = [];
  history.forEach((h, i) => {
    const after = i + 1 < history.length ? history[i + 1].state : now;
    const got = after.misthaufen.map((m, p) => m.length - h.state.misthaufen[p].length);
    if (got.some((n) => n !== 0)) lines.push({ label: describe(i), cells: got.map((n) => (n === 0 ? null : n > 0 ? `+${n}` : `−${-n}`)) });
  });
  return { lines, total: { label: { de: 'Minuspunkte', en: 'Minus points' }, cells: now.misthaufen.map((m) => m.length) } };
}
