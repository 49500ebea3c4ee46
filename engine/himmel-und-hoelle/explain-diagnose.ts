import { GOAL, SIDE_NAME, START, distance, isField, placeName, type Side } from './board.ts';
import type { HuhExplanation } from './explain-types.ts';
import type { HuhObservation } from './parse.ts';
import { capital, dieWords as dieText } from './words.ts';
import { DICE_PER_SIDE, dieKey, other, type HuhDie, type HuhState } from './state.ts';

/** The checks of `explain` that need no search, and the reasons it gives where the search finds nothing. */

const refuse = (code: string, de: string, en: string): HuhExplanation => ({ legal: false, code, reason: { de, en } });
function counts(dice: readonly HuhDie[], side: Side): Map<string, number> {
  const m = new Map<string, number>();
  for (const d of dice) if (d.side === side) m.set(dieKey(d), (m.get(dieKey(d)) ?? 0) + 1);
  return m;
}

/** Dice of `side` in `a` that `b` lacks (multiset difference). */
function missing(a: readonly HuhDie[], b: readonly HuhDie[], side: Side): HuhDie[] {
  const left = counts(b, side);
  const out: HuhDie[] = [];
  for (const d of a) {
    if (d.side !== side) continue;
    const n = left.get(dieKey(d)) ?? 0;
    if (n > 0) left.set(dieKey(d), n - 1);
    else out.push(d);
  }
  return out;
}

const fields = (n: number) => (n === 1 ? { de: '1 Feld', en: '1 field' } : { de: `${n} Felder`, en: `${n} fields` });

/** An enemy die that changed although no battle was fought: only battles change enemy dice. */
function enemyChanged(s: HuhState, obs: HuhObservation, entered: boolean): HuhExplanation | null {
  const changed = missing(s.dice, obs.dice, other(s.active));
  if (changed.length === 0) return null;
  const t = capital(dieText(changed[0]));
  return entered
    ? refuse(
        'enemy-changed',
        `${t.de} hat sich verändert, aber kein Kampf wurde eingegeben: gegnerische Würfel ändern sich nur durch einen Kampf und den freien AP des Siegers.`,
        `${t.en} changed, but no battle was entered: enemy dice change only by a battle and the winner's free AP.`,
      )
    : refuse(
        'enemy-changed',
        `${t.de} hat sich verändert, und kein Kampf erklärt das: gegnerische Würfel ändern sich nur durch einen Kampf und den freien AP des Siegers.`,
        `${t.en} changed, and no battle explains it: enemy dice change only by a battle and the winner's free AP.`,
      );
}

/** Checks that need no search: the observation must be a position of this game at all. */
export function precheck(s: HuhState, obs: HuhObservation): HuhExplanation | null {
  for (const side of [0, 1] as const) {
    const n = obs.dice.filter((d) => d.side === side).length;
    if (n !== DICE_PER_SIDE) {
      const name = SIDE_NAME[side];
      return refuse('dice-count', `${name.de} hat ${n} Würfel, es müssen immer ${DICE_PER_SIDE} sein.`, `${name.en} has ${n} dice; there are always ${DICE_PER_SIDE}.`);
    }
  }
  for (const f of new Set(obs.dice.filter((d) => isField(d.at)).map((d) => d.at))) {
    const here = obs.dice.filter((d) => d.at === f);
    if (here.length < 2) continue;
    const mixed = here.some((d) => d.side !== here[0].side);
    if (!mixed && !s.rules.oneDiePerField) continue;
    if (!mixed) {
      return refuse('own-die', `Auf ${f} stehen zwei eigene Würfel: ein Feld hält nur einen Würfel.`, `Field ${f} holds two dice of one side: a field holds one die.`);
    }
    return refuse(
      'enemy-field',
      `Auf ${f} stehen Würfel beider Seiten: ein Angreifer zieht nie auf das Feld des Gegners, er bleibt stehen.`,
      `Field ${f} holds dice of both sides: an attacker never enters the enemy's field, it stays where it was.`,
    );
  }
  for (const side of [0, 1] as const) {
    const name = SIDE_NAME[side];
    if (s.rules.goalFinal) {
      const gone = missing(
        s.dice.filter((d) => d.at === GOAL[side]),
        obs.dice,
        side,
      );
      if (gone.length > 0) {
        return refuse('left-goal', `Ein ${name.de}-Würfel im Ziel hat sich verändert: Würfel im Ziel sind aus dem Spiel.`, `A ${name.en} die in the goal changed: dice in the goal are out of play.`);
      }
    }
    const before = s.dice.filter((d) => d.side === side && d.at === START[side]).length;
    const after = obs.dice.filter((d) => d.side === side && d.at === START[side]).length;
    if (after > before && !s.rules.returnToStart) {
      return refuse('own-start', `Ein ${name.de}-Würfel ist in den eigenen Startbereich zurückgekehrt; das ist nie erlaubt.`, `A ${name.en} die went back into its own start area, which is never allowed.`);
    }
  }
  if (obs.battles?.length === 0 && s.phase === 'turn') return enemyChanged(s, obs, true);
  return null;
}

/**
 * Why no search result exists, naming the die and the rule: the best pairing of moved dice (too
 * far, too dear, through a die), or that no sequence or no quick search found one.
 */
export function diagnose(s: HuhState, obs: HuhObservation, limitHit: boolean): HuhExplanation {
  // Battles change pips and move dice for free, so the AP accounting below would not hold.
  if ((obs.battles?.length ?? 0) > 0 || s.phase !== 'turn') return giveUp(s, obs, limitHit);
  // A die in the way is only the reason where the search looked at every way round.
  return enemyChanged(s, obs, obs.battles !== undefined) ?? accounting(s, obs) ?? (limitHit ? null : blocked(s, obs)) ?? giveUp(s, obs, limitHit);
}

/** The AP each moved die needs at least (steps + pips gained): a turn without battles that needs more is refused without a search. */
export function accounting(s: HuhState, obs: HuhObservation): HuhExplanation | null {
  const { from, to, perm, cost, fits } = bestPairing(s, obs);
  // Some pairing within the turn's AP, each die within its reach: only a search can tell.
  if (fits) return null;
  const side = s.active;
  const bestPerm = perm;
  const bestCost = perm.reduce((sum, j, i) => sum + Math.max(0, cost(from[i], to[j])), 0);
  const apText = { de: `${s.ap} AP`, en: `${s.ap} AP` };
  const items: string[][] = [];
  for (let i = 0; i < from.length; i++) {
    const a = from[i];
    const b = to[bestPerm[i]];
    const steps = distance(side, a.at, b.at, s.rules);
    // Each refusal below begins its sentence with the die.
    const at = capital(dieText(a));
    const there = placeName(b.at);
    if (steps === Infinity) {
      return refuse('unreachable', `${at.de} kann ${there.de} nie erreichen.`, `${at.en} can never reach ${there.en}.`);
    }
    if (steps > s.ap + a.pips - 1) {
      return refuse(
        'too-far',
        `${at.de} ist ${steps} Felder von ${there.de} entfernt; mit ${apText.de} und ${a.pips - 1} Augen zum Senken kommt er höchstens ${fields(s.ap + a.pips - 1).de} weit.`,
        `${at.en} is ${steps} fields from ${there.en}; with ${apText.en} and ${a.pips - 1} pips to lower it goes at most ${fields(s.ap + a.pips - 1).en}.`,
      );
    }
    const c = cost(a, b);
    if (c > s.ap) {
      return refuse(
        'too-many-ap',
        `${at.de} nach ${there.de} mit ${b.pips} Augen kostet ${c} AP (${steps} Felder, Augen ${a.pips}→${b.pips}), der Zug hat ${apText.de}.`,
        `${at.en} to ${there.en} showing ${b.pips} costs ${c} AP (${steps} fields, pips ${a.pips}→${b.pips}); the turn has ${apText.en}.`,
      );
    }
    items.push([`${dieText(a).de} → ${there.de}: ${Math.max(0, c)} AP`, `${at.en} → ${there.en}: ${Math.max(0, c)} AP`]);
  }
  if (bestCost > s.ap) {
    return refuse(
      'too-many-ap',
      `Zusammen kosten die Änderungen ${bestCost} AP, der Zug hat ${apText.de}: ${items.map((x) => x[0]).join('; ')}.`,
      `Together the changes cost ${bestCost} AP; the turn has ${apText.en}: ${items.map((x) => x[1]).join('; ')}.`,
    );
  }
  return null;
}

/** The die in the way of the best pairing's shortest way, where one stands there. */
function blocked(s: HuhState, obs: HuhObservation): HuhExplanation | null {
  const { from, to, perm: bestPerm } = bestPairing(s, obs);
  const side = s.active;
  const apText = { de: `${s.ap} AP`, en: `${s.ap} AP` };
  for (let i = 0; i < from.length; i++) {
    const a = from[i];
    const b = to[bestPerm[i]];
    const steps = distance(side, a.at, b.at, s.rules);
    const blocker = s.dice.find(
      (d) => isField(d.at) && d.at !== a.at && d.at !== b.at && distance(side, a.at, d.at, s.rules) + distance(side, d.at, b.at, s.rules) === steps,
    );
    if (blocker) {
      const at = capital(dieText(a));
      const bl = dieText(blocker, 'acc');
      const there = placeName(b.at);
      return refuse(
        'through-a-die',
        `${at.de} kommt nicht nach ${there.de}: der Weg führt über ${bl.de}, und ein Würfel zieht nie über einen anderen; ein Umweg passt nicht in ${apText.de}.`,
        `${at.en} cannot get to ${there.en}: the way passes ${bl.en}, a die never moves through another, and no way round fits ${apText.en}.`,
      );
    }
  }
  return null;
}

/** The pairing of the dice that left their place to the observed dice that are new, cheapest in steps + pips gained. */
function bestPairing(s: HuhState, obs: HuhObservation) {
  const side = s.active;
  const from = missing(s.dice, obs.dice, side);
  const to = missing(obs.dice, s.dice, side);
  const cost = (a: HuhDie, b: HuhDie) => distance(side, a.at, b.at, s.rules) + b.pips - a.pips;
  let perm: number[] = [];
  let best = Infinity;
  let fits = false;
  const reach = (a: HuhDie, b: HuhDie) => distance(side, a.at, b.at, s.rules) <= s.ap + a.pips - 1;
  const permute = (rest: number[], acc: number[]) => {
    if (rest.length === 0) {
      const c = acc.reduce((sum, j, i) => sum + Math.max(0, cost(from[i], to[j])), 0);
      if (c < best || perm.length === 0) [best, perm] = [c, acc];
      if (c <= s.ap && acc.every((j, i) => reach(from[i], to[j]))) fits = true;
      return;
    }
    rest.forEach((j, k) => permute([...rest.slice(0, k), ...rest.slice(k + 1)], [...acc, j]));
  };
  permute(
    to.map((_, j) => j),
    [],
  );
  return { from, to, perm, cost, fits };
}

export function giveUp(s: HuhState, obs: HuhObservation, limitHit: boolean): HuhExplanation {
  const apText = { de: `${s.ap} AP`, en: `${s.ap} AP` };
  if (limitHit) {
    return refuse(
      'search-limit',
      'Schiri findet für diese Stellung nicht schnell genug eine Zugfolge; falsch ist der Zug deshalb nicht. Bitte den Zug in Schritten antippen, jeden Kampf mit seinen Karten, wenn er geschieht.',
      'Schiri cannot find a sequence of actions for this position quickly enough; that does not make the turn wrong. Please tap the turn in steps, each battle with its cards as it happens.',
    );
  }
  const n = obs.battles?.length ?? 0;
  return refuse(
    'no-sequence',
    `Keine Folge von Aktionen mit ${apText.de}${n ? ` und ${n} Kampf/Kämpfen mit den eingegebenen Karten` : ''} ergibt diese Stellung.`,
    `No sequence of actions within ${apText.en}${n ? ` and ${n} battle(s) with the cards entered` : ''} gives this position.`,
  );
}
