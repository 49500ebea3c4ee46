import { START_POINTS, type EubState } from '../../../engine/engel-und-bengel/state.ts';
import type { SheetLine } from '../../components/ranking.ts';
import { tafelName } from './texts.ts';

/**
 * The score sheet: the 80 points everyone starts with, then each player's points after every
 * Durchgang (and, lighter, where the running one stands), as a table would write them down.
 */
export function eubSheet(s: EubState): { lines: SheetLine[]; total: SheetLine } {
  const lines: SheetLine[] = [{ label: { de: 'Start', en: 'Start' }, cells: s.points.map(() => START_POINTS) }];
  for (const d of s.history) {
    const name = tafelName(s, d.tafel);
    lines.push({ label: { de: `Durchgang ${d.number} · ${name.de}`, en: `Durchgang ${d.number} · ${name.en}` }, cells: d.points });
  }
  if (!s.over && s.history.length < s.durchgang) {
    const name = s.stack[s.tafel].name;
    lines.push({ label: { de: `Durchgang ${s.durchgang} · ${name.de} (läuft)`, en: `Durchgang ${s.durchgang} · ${name.en} (running)` }, cells: s.points, open: true });
  }
  return { lines, total: { label: { de: 'Stand', en: 'Now' }, cells: s.points } };
}
