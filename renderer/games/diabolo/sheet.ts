import type { Text } from '../../../engine/core/text.ts';
import type { DiaboloState } from '../../../engine/diabolo/game.ts';
import type { Verdict } from '../../../engine/diabolo/rules.ts';
import type { SheetLine } from '../../components/ranking.ts';

/**
 * Diabolo's score sheet: a line per round, each player's points from its five colours (the round
 * in play lighter, as far as it is scored), and the total, as a table would write them down.
 */
export function diaboloSheet(s: DiaboloState): { lines: SheetLine[]; total: SheetLine } {
  const lines: SheetLine[] = s.results.map((results, round) => {
    const open = round === s.round && s.phase !== 'over';
    return {
      label: open ? { de: `Runde ${round + 1} (läuft)`, en: `Round ${round + 1} (running)` } : { de: `Runde ${round + 1}`, en: `Round ${round + 1}` },
      cells: Array.from({ length: s.players }, (_, p) => results.reduce((sum, r) => sum + r.points[p], 0)),
      open,
    };
  });
  return { lines, total: { label: { de: 'Summe', en: 'Total' }, cells: s.scores } };
}

/** Which side a scored colour favours, as the table says it. */
export const verdictText = (v: Verdict): Text =>
  v === 'angels' ? { de: 'Engel vorn', en: 'Angels ahead' } : v === 'devils' ? { de: 'Teufel vorn', en: 'Devils ahead' } : { de: 'Gleichstand', en: 'Equal' };

/** Points won or lost, with a real minus sign; nothing is "–". */
export const signedPoints = (n: number) => (n === 0 ? '–' : n > 0 ? `+${n}` : `−${-n}`);
