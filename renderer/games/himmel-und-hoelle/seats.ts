import type { Text } from '../../../engine/core/contract.ts';
import { tx } from '../../i18n/text.ts';
import { DIE_COLOURS } from './camera.ts';

/** Who plays a side: a person, or the computer at one of its levels. */
export type Seat = 'human' | 'random' | 'greedy' | 'strong';

export const LEVELS: { value: Seat; label: Text }[] = [
  { value: 'human', label: tx('Mensch', 'Human') },
  { value: 'random', label: tx('Computer: Zufall', 'Computer: random') },
  { value: 'greedy', label: tx('Computer: gierig', 'Computer: greedy') },
  { value: 'strong', label: tx('Computer: stark', 'Computer: strong') },
];

const SEATS_KEY = 'schiri.himmel-und-hoelle.seats';
const TABLE_KEY = 'schiri.himmel-und-hoelle.table';

/** How the table was set last time: who sat where, the dice colours, whether the computer waits. */
export interface TableSetting {
  seats: Seat[];
  colours: [string, string];
  waitForTable: boolean;
}

const read = (key: string): unknown => {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
};

/** The setting kept on this machine, each part checked; what is missing or wrong stays as `fallback` has it. */
export function loadTable(fallback: TableSetting): TableSetting {
  const out = { ...fallback };
  const s = read(SEATS_KEY);
  if (Array.isArray(s) && s.length === 2 && s.every((x) => LEVELS.some((l) => l.value === x))) out.seats = s as Seat[];
  const v = read(TABLE_KEY) as { colours?: unknown; waitForTable?: unknown } | null;
  const c = v?.colours;
  if (Array.isArray(c) && c.length === 2 && c.every((x) => typeof x === 'string' && x in DIE_COLOURS) && c[0] !== c[1]) out.colours = [c[0], c[1]];
  if (typeof v?.waitForTable === 'boolean') out.waitForTable = v.waitForTable;
  return out;
}

export function saveTable(t: TableSetting): void {
  try {
    localStorage.setItem(SEATS_KEY, JSON.stringify(t.seats));
    localStorage.setItem(TABLE_KEY, JSON.stringify({ colours: t.colours, waitForTable: t.waitForTable }));
  } catch {
    // Not kept: the table sets it again next time.
  }
}
