import type { Text } from '../../../engine/core/contract.ts';
import { distance, isField, placeName, SIDE_NAME, START, type Place } from '../../../engine/himmel-und-hoelle/board.ts';
import { reach } from '../../../engine/himmel-und-hoelle/reach.ts';
import { himmelUndHoelle as game } from '../../../engine/himmel-und-hoelle/game.ts';
import { inGoal, type HuhMove, type HuhState } from '../../../engine/himmel-und-hoelle/state.ts';
import { UserError } from '../../../engine/core/text.ts';
import { capital, dieWords, placeWords, SIDE_DATIVE } from '../../../engine/himmel-und-hoelle/words.ts';
import { tx } from '../../i18n/text.ts';

/**
 * Why a tap on the board in a turn did nothing: `selected` is the die chosen before (or null),
 * `p` the place tapped, which that die cannot reach. Said as the table sees it: the die by its
 * side, field and pips, the field by its printed name, and what the die would need.
 */
export function whyNotThere(s: HuhState, selected: number | null, p: Place): Text {
  const side = s.active;
  const enemy = s.dice.find((d) => d.at === p && d.side !== side && isField(p));
  if (selected === null && !isField(p) && s.dice.some((d) => d.at === p && d.side !== side)) return notYours(s, p);
  const own = SIDE_NAME[side];
  if (selected === null) {
    if (enemy) {
      return tx(
        `Auf ${p} steht ein Würfel der ${SIDE_NAME[enemy.side].de}; am Zug ist ${own.de}. Erst einen eigenen Würfel wählen: steht der gegnerische in seiner Reichweite, leuchtet er rot und ein Tipp greift ihn an.`,
        `${p} holds a ${SIDE_NAME[enemy.side].en} die; ${own.en} is to move. Pick an own die first: where the enemy die is in its reach it lights red and a tap attacks it.`,
      );
    }
    return tx(`Erst einen eigenen Würfel wählen (${own.de}), dann das Feld, auf das er soll.`, `Pick an own die first (${own.en}), then the field it is to go to.`);
  }
  const d = s.dice[selected];
  const die = dieWords(d);
  const Die = capital(die);
  if (inGoal(d) && s.rules.goalFinal) return tx(`${Die.de} ist im Ziel und bleibt dort.`, `${Die.en} is home and stays there.`);
  // The same die with action points to spare: is the place only too far, or out of its way?
  const far = reach({ ...s, ap: 99 }, selected).find((e) => e.place === p);
  const budget = s.ap + d.pips - 1;
  const has = tx(
    `${s.ap === 1 ? '1 AP' : `${s.ap} AP`} und ${d.pips - 1 === 1 ? '1 Auge' : `${d.pips - 1} Augen`} zum Senken, zusammen ${budget === 1 ? '1 Schritt' : `${budget} Schritte`}`,
    `${s.ap} AP and ${d.pips - 1 === 1 ? '1 pip' : `${d.pips - 1} pips`} to lower, ${budget === 1 ? '1 step' : `${budget} steps`} in all`,
  );
  const to = placeWords(p, 'acc');
  if (far && far.steps > budget) {
    return tx(
      `${Die.de} kommt nicht bis ${to.de}: ${far.attack ? 'ein Angriff dort braucht' : 'das sind'} ${far.steps} Schritte, er hat ${has.de}.`,
      `${Die.en} cannot get to ${to.en}: ${far.attack ? 'an attack there takes' : 'that is'} ${far.steps} steps, it has ${has.en}.`,
    );
  }
  if (far?.attack) return tx(`Ein Angriff kostet 1 Aktionspunkt; ${own.de} hat keinen mehr.`, `An attack costs 1 action point; ${own.en} has none left.`);
  if (far) return tx(`${Die.de} kann nicht nach ${p}.`, `${Die.en} cannot go to ${p}.`);
  if (enemy) return tx(`${Die.de} erreicht ${p} nicht: angreifen kann er nur einen Würfel, der neben seinem freien Weg steht.`, `${Die.en} does not reach ${p}: it attacks only a die next to its free way.`);
  if (p === START[side]) return tx('Zurück in den eigenen Startbereich darf kein Würfel (Hausregel „Zurück in den eigenen Startbereich erlaubt“ ist aus).', 'No die may go back into its own start area (house rule "Stepping back into the own start area allowed" is off).');
  if (!Number.isFinite(distance(side, d.at, p, s.rules))) return tx(`${Die.de} kann nicht nach ${to.de}.`, `${Die.en} cannot go to ${to.en}.`);
  return tx(
    `Der Weg nach ${p} ist versperrt: ${die.de} zieht nur über freie Felder, nicht über andere Würfel.`,
    `The way to ${p} is blocked: ${die.en} walks over empty fields only, not over other dice.`,
  );
}

/** A die of the side not to move, tapped in an area: whose it is and who moves. */
function notYours(s: HuhState, p: Place): Text {
  const other = s.active === 0 ? 1 : 0;
  const where = placeName(p);
  return tx(
    `Die Würfel im ${where.de} gehören ${SIDE_DATIVE[other].de}; am Zug ist ${SIDE_NAME[s.active].de}.`,
    `The dice in ${where.en} are ${SIDE_DATIVE[other].en}'s; ${SIDE_NAME[s.active].en} is to move.`,
  );
}

/** The engine's refusal of `move` in `s` (its own words), or null where the move is allowed. */
export function engineRefusal(s: HuhState, move: HuhMove): Text | null {
  try {
    game.play(s, move);
    return null;
  } catch (e) {
    if (e instanceof UserError) return e.text;
    throw e;
  }
}
