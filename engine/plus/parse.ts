import { Check } from '../core/validate.ts';
import { DICE, FACES, isPlus, type Dice } from './dice.ts';
import { reachedAfter } from './reach.ts';
import { WINNERS, type PlusMove, type PlusObservation, type PlusState } from './state.ts';

/**
 * Three dice values. `faces`: each must be a face of its die (states and moves); without it any
 * count of 1 to 9 pips is taken (an observation: `explain` names a value the die lacks, `not-a-face`).
 */
function parseDice(c: Check, v: unknown, faces = true): Dice {
  const o = c.object(v);
  c.keys(o, DICE);
  for (const d of DICE) if (!(d in o)) c.at(d).fail({ de: 'fehlt', en: 'is missing' });
  const out = {} as Dice;
  for (const d of DICE) {
    const n = c.at(d).int(o[d], 1, 9);
    if (faces && !FACES[d].includes(n)) {
      c.at(d).fail({ de: `Würfel ${d} hat keine ${n} (Seiten ${FACES[d].join(' ')})`, en: `die ${d} has no face ${n} (faces ${FACES[d].join(' ')})` });
    }
    out[d] = n;
  }
  return out;
}

const KEYS = ['game', 'variant', 'everyDieRises', 'players', 'dice', 'toMove', 'ply', 'winner'];
/** Keys a state from before they existed may lack, with the value such a game was played by. */
const LATER: Record<string, unknown> = { winner: 'last-move' };

/** 3 / 2 or 3 / 2, 3 or 5. */
const list = (xs: readonly number[], or: string) => (xs.length === 1 ? String(xs[0]) : `${xs.slice(0, -1).join(', ')} ${or} ${xs[xs.length - 1]}`);

/**
 * A state from outside, refused where no game reaches it: every position of a game is a Plus (the
 * start is one, every move makes one) reached from the start, `ply` a number of moves that leads
 * there (every move raises the total, so only a few do), and the seats take turns from seat 0.
 */
export function parseState(v: unknown): PlusState {
  const c = new Check('bad-state');
  const o = { ...LATER, ...c.object(v) };
  c.keys(o, KEYS);
  for (const k of KEYS) if (!(k in o)) c.at(k).fail({ de: 'fehlt', en: 'is missing' });
  if (o.game !== 'plus') c.at('game').fail({ de: 'muss "plus" sein', en: 'must be "plus"' });
  const variant = c.at('variant').oneOf(o.variant, [1, 2] as const);
  const everyDieRises = c.at('everyDieRises').bool(o.everyDieRises);
  const players = c.at('players').int(o.players, 2, 12);
  const dice = parseDice(c.at('dice'), o.dice);
  const shown = `${dice.III}, ${dice.IV}, ${dice.V}`;
  if (!isPlus(dice)) c.at('dice').fail({ de: `${shown} ist kein Plus`, en: `${shown} is not a Plus` });
  const plies =
    reachedAfter({ variant, everyDieRises }).get(`${dice.III},${dice.IV},${dice.V}`) ??
    c.at('dice').fail({ de: `keine Partie von Spiel ${variant} führt vom Start 1, 1, 2 zu ${shown}`, en: `no game of Spiel ${variant} gets from the start 1, 1, 2 to ${shown}` });
  const ply = c.at('ply').int(o.ply, 0);
  if (!plies.includes(ply)) {
    c.at('ply').fail({
      de: `${shown} liegt nach ${list(plies, 'oder')} Zügen, nie nach ${ply}`,
      en: `${shown} lies on the table after ${list(plies, 'or')} moves, never after ${ply}`,
    });
  }
  const toMove = c.at('toMove').int(o.toMove, 0, players - 1);
  if (toMove !== ply % players) {
    c.at('toMove').fail({ de: `nach ${ply} Zügen ist Sitz ${ply % players} am Zug`, en: `after ${ply} moves seat ${ply % players} is to move` });
  }
  return { game: 'plus', variant, everyDieRises, players, dice, toMove, ply, winner: c.at('winner').oneOf(o.winner, WINNERS) };
}

export function parseMove(v: unknown): PlusMove {
  const c = new Check('bad-move');
  const o = c.object(v);
  c.keys(o, ['to']);
  return { to: parseDice(c.at('to'), o.to) };
}

export function parseObservation(v: unknown): PlusObservation {
  return parseDice(new Check('bad-observation'), v, false);
}
