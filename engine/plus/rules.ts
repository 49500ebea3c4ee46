import type { Refusal } from '../core/refusal.ts';
import { DICE, FACES, isPlus, total, type Dice, type DieName } from './dice.ts';

export interface PlusRules {
  /** Spiel 1 turns exactly one die; Spiel 2 one or two. */
  variant: 1 | 2;
  /** Spiel 2 only: every turned die must rise (the stricter reading), not just the total. */
  everyDieRises: boolean;
}

/** Why a position cannot follow another; null where it can. Shared by move generation and explain. */
export function whyNot(rules: PlusRules, from: Dice, to: Dice): Refusal | null {
  for (const d of DICE) {
    if (!FACES[d].includes(to[d])) {
      return {
        code: 'not-a-face',
        reason: { de: `Würfel ${d} hat keine ${to[d]}.`, en: `Die ${d} has no face ${to[d]}.` },
      };
    }
  }
  const turned = DICE.filter((d) => to[d] !== from[d]);
  const most = rules.variant === 1 ? 1 : 2;
  if (turned.length > most) {
    return {
      code: 'too-many-dice',
      reason: {
        de: `${turned.length} Würfel wurden gedreht, in Spiel ${rules.variant} ${most === 1 ? 'darf nur einer' : 'dürfen höchstens zwei'}.`,
        en: `${turned.length} dice were turned; Spiel ${rules.variant} allows ${most === 1 ? 'only one' : 'at most two'}.`,
      },
    };
  }
  if (total(to) <= total(from)) {
    return {
      code: 'total-not-rising',
      reason: {
        de: `Die Augensumme muss steigen (${total(from)} → ${total(to)}).`,
        en: `The total must rise (${total(from)} → ${total(to)}).`,
      },
    };
  }
  if (rules.variant === 2 && rules.everyDieRises) {
    const down = turned.find((d) => to[d] < from[d]);
    if (down) {
      return {
        code: 'die-went-down',
        reason: {
          de: `Würfel ${down} ging von ${from[down]} auf ${to[down]}; hier muss jeder gedrehte Würfel steigen.`,
          en: `Die ${down} went from ${from[down]} to ${to[down]}; here every turned die must rise.`,
        },
      };
    }
  }
  if (!isPlus(to)) {
    return {
      code: 'not-a-plus',
      reason: {
        de: `${to.III}, ${to.IV}, ${to.V} ist kein Plus: keine Zahl ist die Summe der beiden anderen.`,
        en: `${to.III}, ${to.IV}, ${to.V} is not a Plus: no value is the sum of the other two.`,
      },
    };
  }
  return null;
}

/** Every position reachable in one move, in a stable order (by die, then face). */
export function successors(rules: PlusRules, from: Dice): Dice[] {
  const out: Dice[] = [];
  const seen = new Set<string>();
  const consider = (to: Dice) => {
    const key = `${to.III},${to.IV},${to.V}`;
    if (seen.has(key) || whyNot(rules, from, to)) return;
    seen.add(key);
    out.push(to);
  };
  const others = (d: DieName) => FACES[d].filter((f) => f !== from[d]);
  for (const d of DICE) for (const f of others(d)) consider({ ...from, [d]: f });
  if (rules.variant === 2) {
    for (let i = 0; i < DICE.length; i++) {
      for (let j = i + 1; j < DICE.length; j++) {
        const [a, b] = [DICE[i], DICE[j]];
        for (const fa of others(a)) for (const fb of others(b)) consider({ ...from, [a]: fa, [b]: fb });
      }
    }
  }
  return out.sort((x, y) => total(x) - total(y) || x.III - y.III || x.IV - y.IV || x.V - y.V);
}
