import type { Explanation, Game, OptionSpec, Outcome, Solution, Text } from '../core/contract.ts';
import { EngineError } from '../core/errors.ts';
import { resolveOptions } from '../core/options.ts';
import { pick } from '../core/rng.ts';
import { say, seatRef } from '../core/text.ts';
import { DICE, START, formatDice, type Dice } from './dice.ts';
import { parseMove, parseObservation, parseState } from './parse.ts';
import type { PlusMove, PlusObservation, PlusState, PlusWinner } from './state.ts';
import { successors, whyNot, type PlusRules } from './rules.ts';
import { solverFor } from './solver.ts';

export type { PlusMove, PlusObservation, PlusState, PlusWinner } from './state.ts';

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
    key: 'winner',
    type: 'enum',
    default: 'last-move',
    interpretation: true,
    values: [
      { value: 'last-move', label: { de: 'Wer das letzte Plus legt, gewinnt', en: 'Who makes the last Plus wins' } },
      { value: 'all-others', label: { de: 'Alle außer dem Verlierer gewinnen', en: 'Everyone but the loser wins' } },
    ],
    label: { de: 'Sieger bei drei und mehr Spielern', en: 'The winner with three or more players' },
    help: {
      de: 'Wer kein höheres Plus mehr legen kann, verliert. Zu zweit gewinnt der andere; ab drei Spielern gewinnt, wer das letzte Plus gelegt hat, oder alle außer dem Verlierer.\n\nDie Anleitung nennt nur, wer verliert.',
      en: 'Who cannot make a higher Plus loses. With two, the other player wins; from three players on, who made the last Plus wins, or everyone but the loser.\n\nThe rules name only who loses.',
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
      winner: o.winner as PlusWinner,
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
    const lost = say({ de: 'Kein höheres Plus möglich: ', en: 'No higher Plus: ' }, seatRef(s.toMove), { de: ' hat verloren', en: ' has lost' });
    const last = (s.toMove + s.players - 1) % s.players;
    if (s.players === 2) return { winners: [last], losers: [s.toMove], draw: false, reason: say(lost, '.') };
    if (s.winner === 'last-move') {
      return { winners: [last], losers: [s.toMove], draw: false, reason: say(lost, { de: '; ', en: '; ' }, seatRef(last), { de: ' hat das letzte Plus gelegt und gewinnt.', en: ' made the last Plus and wins.' }) };
    }
    const others = Array.from({ length: s.players }, (_, p) => p).filter((p) => p !== s.toMove);
    return { winners: others, losers: [s.toMove], draw: false, reason: say(lost, { de: '; alle anderen gewinnen.', en: '; everyone else wins.' }) };
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

  parseState,
  parseMove,
  parseObservation,
};
