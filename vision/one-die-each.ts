/**
 * The reader sometimes reports one die twice with shifted boxes (its overlap test lets boxes that
 * share little area both stand). Two dice cannot lie closer than a die's edge, so readings that
 * close are one die: grouped here, each group one die. The camera referees of Engel und Bengel and
 * of the duel both read their boards through this.
 */
import type { DieReading } from './types.ts';

export function oneDieEach(dice: DieReading[]): DieReading[][] {
  const groups: DieReading[][] = [];
  for (const d of dice) {
    const near = groups.find((g) => g.some((o) => Math.hypot(d.centre[0] - o.centre[0], d.centre[1] - o.centre[1]) < Math.min(d.box[2], d.box[3], o.box[2], o.box[3])));
    if (near) near.push(d);
    else groups.push([d]);
  }
  return groups;
}
