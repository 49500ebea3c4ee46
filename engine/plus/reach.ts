import { START, diceKey, type Dice } from './dice.ts';
import { successors, type PlusRules } from './rules.ts';

/**
 * After how many moves each position can lie on the table, from the start (1, 1, 2): every move
 * raises the total, so the positions form a small DAG and one pass by layers finds every count.
 * `parseState` checks a state's `ply` against it: a count no game gives is no game's state.
 */
export function reachedAfter(rules: PlusRules): ReadonlyMap<string, readonly number[]> {
  const key = `${rules.variant}/${rules.variant === 2 && rules.everyDieRises}`;
  let known = tables.get(key);
  if (!known) tables.set(key, (known = layers(rules)));
  return known;
}

const tables = new Map<string, Map<string, number[]>>();

function layers(rules: PlusRules): Map<string, number[]> {
  const plies = new Map<string, number[]>();
  let layer: Dice[] = [START];
  for (let ply = 0; layer.length > 0; ply++) {
    const next = new Map<string, Dice>();
    for (const d of layer) {
      const k = diceKey(d);
      plies.set(k, [...(plies.get(k) ?? []), ply]);
      for (const to of successors(rules, d)) next.set(diceKey(to), to);
    }
    layer = [...next.values()];
  }
  return plies;
}
