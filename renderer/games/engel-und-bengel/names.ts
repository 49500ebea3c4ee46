import type { Text } from '../../../engine/core/contract.ts';
import { boxNameOf } from '../../../engine/engel-und-bengel/tafel.ts';
import type { EubMove, RowScore } from '../../../engine/engel-und-bengel/state.ts';

/**
 * Boxes and rows as the table sees them: rows counted from the top of the Tafel (the number is
 * printed beside each row), boxes from the left. Never the id `r2b1`.
 */
export const boxName = (id: string): Text => boxNameOf(id);

/** Points won or paid: "+50", "−20"; a row paid at nothing is "0", never "+0" or "±0". */
export const signed = (d: number): string => (d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '0');

/**
 * A scored row in words, with why a black row cost less than it says: "Ben zahlt nichts für die
 * schwarze Reihe 6: keine Punkte mehr (unter 0 geht es nicht; die Reihe kostet 30)".
 */
export function scoreText(s: RowScore, who: string): Text {
  if (s.colour === 'white') return { de: `${who} kassiert ${s.delta} für die weiße Reihe ${s.row}`, en: `${who} collects ${s.delta} for white row ${s.row}` };
  const paid = -s.delta;
  if (paid === s.points) return { de: `${who} zahlt ${paid} für die schwarze Reihe ${s.row}`, en: `${who} pays ${paid} for black row ${s.row}` };
  return paid === 0
    ? { de: `${who} zahlt nichts für die schwarze Reihe ${s.row}: keine Punkte mehr (unter 0 geht es nicht; die Reihe kostet ${s.points})`, en: `${who} pays nothing for black row ${s.row}: no points left (never below 0; the row costs ${s.points})` }
    : { de: `${who} zahlt ${paid} für die schwarze Reihe ${s.row}: alles, was noch da war (unter 0 geht es nicht; die Reihe kostet ${s.points})`, en: `${who} pays ${paid} for black row ${s.row}: all that was left (never below 0; the row costs ${s.points})` };
}

/** What an undo took back, in words: "der Wurf 1 2 3 4 4", "die 4 in Reihe 1, Kästchen 2", "das Aufhören". */
export function takenBack(m: EubMove): Text {
  if (m.type === 'roll') return { de: `Zurückgenommen: der Wurf ${m.values.join(' ')}.`, en: `Taken back: the roll ${m.values.join(' ')}.` };
  if (m.type === 'place') {
    const where = boxName(m.box);
    return { de: `Zurückgenommen: die ${m.value} in ${where.de}.`, en: `Taken back: the ${m.value} in ${where.en}.` };
  }
  return { de: 'Zurückgenommen: das Aufhören; der Zug geht weiter.', en: 'Taken back: the stop; the turn goes on.' };
}
