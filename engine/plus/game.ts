import type { Explanation, Game, OptionSpec, Outcome, Solution, Text } from '../core/contract.ts';
import { EngineError } from '../core/errors.ts';
import { resolveOptions } from '../core/options.ts';
import { pick } from '../core/rng.ts';
import { Check } from '../core/validate.ts';
import { say, seatRef } from '../core/text.ts';
import { DICE, FACES, START, formatDice, isPlus, type Dice } from './dice.ts';
import { successors, whyNot, type PlusRules } from './rules.ts';
import { solverFor } from './solver.ts';

export interface PlusState {
  game: 'plus';
  variant: 1 | 2;
  everyDieRises: boolean;
  players: number;
  dice: Dice;
  toMove: number;
  /** Moves played so far. */
  ply: number;
}

/** A move names the position it leads to: that is what the camera sees and what a tap enters. */
export interface PlusMove {
  to: Dice;
}

export type PlusObservation = Dice;

const options: OptionSpec[] = [
  {
    key: 'variant',
    type: 'enum',
    default: 1,
    values: [
      { value: 1, label: { de: 'Spiel 1: ein Würfel je Zug', en: 'Spiel 1: one die a move' } },
      { value: 2, label: { de: 'Spiel 2: ein oder zwei Würfel je Zug', en: 'Spiel 2: one or two dice a move' } },
    ],
    label: { de: 'Variante', en: 'Variant' },
  },
  {
    key: 'everyDieRises',
    type: 'boolean',
    default: false,
    interpretation: true,
    label: { de: 'Spiel 2: jeder gedrehte Würfel muss steigen', en: 'Spiel 2: every turned die must rise' },
    help: {
      de: 'Aus: nur die Augensumme muss steigen, ein Würfel darf sinken (Hausregel).',
      en: 'Off: only the total must rise; one die may go down (house rule).',
    },
  },
  {
    key: 'players',
    type: 'integer',
    default: 2,
    min: 2,
    max: 12,
    label: { de: 'Spieler', en: 'Players' },
  },
];

const rulesOf = (s: PlusState): PlusRules => ({ variant: s.variant, everyDieRises: s.everyDieRises });
const same = (a: Dice, b: Dice) => DICE.every((d) => a[d] === b[d]);

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

const gameOver = (): never => {
  throw new EngineError('game-over', { de: 'Das Spiel ist schon zu Ende: kein höheres Plus möglich.', en: 'The game is already over: no higher Plus is possible.' });
};

export const plus: Game<PlusState, PlusMove, PlusObservation> = {
  id: 'plus',
  name: { de: 'Plus', en: 'Plus' },
  players: { min: 2, max: 12 },
  options,

  setup(given) {
    const o = resolveOptions(options, given);
    return {
      game: 'plus',
      variant: o.variant as 1 | 2,
      everyDieRises: o.everyDieRises as boolean,
      players: o.players as number,
      dice: { ...START },
      toMove: 0,
      ply: 0,
    };
  },

  toMove(s) {
    return successors(rulesOf(s), s.dice).length === 0 ? null : s.toMove;
  },

  legalMoves(s) {
    return successors(rulesOf(s), s.dice).map((to) => ({ to }));
  },

  play(s, move) {
    if (successors(rulesOf(s), s.dice).length === 0) gameOver();
    const why = whyNot(rulesOf(s), s.dice, move.to);
    if (same(s.dice, move.to)) {
      throw new EngineError('illegal-move', { de: 'Kein Würfel wurde gedreht.', en: 'No die was turned.' });
    }
    if (why) throw new EngineError('illegal-move', why.reason);
    return { ...s, dice: { ...move.to }, toMove: (s.toMove + 1) % s.players, ply: s.ply + 1 };
  },

  outcome(s): Outcome | null {
    if (successors(rulesOf(s), s.dice).length > 0) return null;
    const winners = s.players === 2 ? [1 - s.toMove] : [];
    return {
      winners,
      losers: [s.toMove],
      draw: false,
      reason: say({ de: 'Kein höheres Plus möglich: ', en: 'No higher Plus: ' }, seatRef(s.toMove), { de: ' hat verloren.', en: ' has lost.' }),
    };
  },

  score(s) {
    const o = this.outcome(s);
    return Array.from({ length: s.players }, (_, i) => (o && o.losers.includes(i) ? -1 : 0));
  },

  explain(s, observed): Explanation<PlusMove> {
    if (same(s.dice, observed)) return { legal: true, unchanged: true, moves: [] };
    if (this.outcome(s)) {
      return {
        legal: false,
        code: 'game-over',
        reason: { de: 'Das Spiel ist schon zu Ende.', en: 'The game is already over.' },
      };
    }
    const why = whyNot(rulesOf(s), s.dice, observed);
    if (why) return { legal: false, code: why.code, reason: why.reason };
    return { legal: true, unchanged: false, moves: [{ to: { ...observed } }] };
  },

  describeMove(s, move): Text {
    const parts = DICE.filter((d) => move.to[d] !== s.dice[d]).map((d) => `${d} ${s.dice[d]}→${move.to[d]}`);
    const text = `${parts.join(', ')} ${formatDice(move.to)}`;
    return { de: text, en: text };
  },

  solve(s): Solution<PlusMove> {
    const solver = solverFor(rulesOf(s));
    const winning = solver.winningMoves(s.dice).map((to) => ({ to }));
    return { result: winning.length > 0 ? 'win' : 'loss', winning };
  },

  bots: {
    random: (s, rng) => pick(plus.legalMoves(s), rng),
    perfect: (s, rng) => {
      const { winning } = plus.solve!(s);
      return winning.length > 0 ? pick(winning, rng) : pick(plus.legalMoves(s), rng);
    },
  },

  parseState(v) {
    const c = new Check('bad-state');
    const o = c.object(v);
    const keys = ['game', 'variant', 'everyDieRises', 'players', 'dice', 'toMove', 'ply'];
    c.keys(o, keys);
    for (const k of keys) if (!(k in o)) c.at(k).fail({ de: 'fehlt', en: 'is missing' });
    if (o.game !== 'plus') c.at('game').fail({ de: 'muss "plus" sein', en: 'must be "plus"' });
    const players = c.at('players').int(o.players, 2, 12);
    const dice = parseDice(c.at('dice'), o.dice);
    // Every position of a game is a Plus (the start is one, every move makes one), and the seats
    // take turns from seat 0: anything else no game reaches, and moves served from it would be nonsense.
    if (!isPlus(dice)) {
      c.at('dice').fail({ de: `${dice.III}, ${dice.IV}, ${dice.V} ist kein Plus`, en: `${dice.III}, ${dice.IV}, ${dice.V} is not a Plus` });
    }
    const toMove = c.at('toMove').int(o.toMove, 0, players - 1);
    const ply = c.at('ply').int(o.ply, 0);
    if (toMove !== ply % players) {
      c.at('toMove').fail({ de: `nach ${ply} Zügen ist Sitz ${ply % players} am Zug`, en: `after ${ply} moves seat ${ply % players} is to move` });
    }
    return {
      game: 'plus',
      variant: c.at('variant').oneOf(o.variant, [1, 2] as const),
      everyDieRises: c.at('everyDieRises').bool(o.everyDieRises),
      players,
      dice,
      toMove,
      ply,
    };
  },

  parseMove(v) {
    const c = new Check('bad-move');
    const o = c.object(v);
    c.keys(o, ['to']);
    return { to: parseDice(c.at('to'), o.to) };
  },

  parseObservation(v) {
    return parseDice(new Check('bad-observation'), v, false);
  },
};
