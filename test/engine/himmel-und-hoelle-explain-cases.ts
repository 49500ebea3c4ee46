import type { Options } from '../../engine/core/contract.ts';
import { createRng, pick } from '../../engine/core/rng.ts';
import { explain, type HuhExplanation } from '../../engine/himmel-und-hoelle/explain.ts';
import { himmelUndHoelle as game } from '../../engine/himmel-und-hoelle/game.ts';
import { sameDice, type HuhMove, type HuhState } from '../../engine/himmel-und-hoelle/state.ts';

/**
 * What `explain` must explain, under every option set: the positions `play` reaches in random
 * games, each from the position before, as the camera asks (first with no cards; where it answers
 * `cards-needed`, again with the cards of the battles fought). Shared by the property test and
 * the bench (`bench/himmel-und-hoelle-explain.bench.ts`).
 */

/** The option sets: the defaults, each interpretation switched, and the audit's combinations. */
export const OPTION_SETS: Record<string, Options> = {
  defaults: {},
  'startValues: chosen': { startValues: 'chosen' },
  'apFrom: all': { apFrom: 'all' },
  'minOneAp: false': { minOneAp: false },
  'carryAp: true': { carryAp: true },
  'enterAnyColumn: false': { enterAnyColumn: false },
  'goalFinal: false': { goalFinal: false },
  'returnToStart: true': { returnToStart: true },
  'equalPips: finisher': { equalPips: 'finisher' },
  'freeApOptional: false': { freeApOptional: false },
  'oneDiePerField: false': { oneDiePerField: false },
  'attackWithPips: true': { attackWithPips: true },
  'freeAp: any-action': { freeAp: 'any-action' },
  'repetition: play-on': { repetition: 'play-on' },
  'view: referee': { view: 'referee' },
  'carryAp + apFrom: all': { carryAp: true, apFrom: 'all' },
  'oneDiePerField: false + attackWithPips': { oneDiePerField: false, attackWithPips: true },
  'freeAp: any-action + freeApOptional: false': { freeAp: 'any-action', freeApOptional: false },
};

/** A stretch of play: the state before, the state after, the actions between, and the cards of the battles they fought. */
export interface Stretch {
  before: HuhState;
  after: HuhState;
  moves: HuhMove[];
  battles: [number, number][];
  /** `turn`: a whole turn from its start; `action`: one action. */
  kind: 'turn' | 'action';
}

/**
 * Random games under `options`: each action a random legal one (the end of the turn less often,
 * so turns have something in them), at most `turnsPerGame` turns a game. Every action is one
 * stretch, every whole turn another. Deterministic in `seed`.
 */
export function randomStretches(options: Options, games: number, turnsPerGame: number, seed: number): Stretch[] {
  const out: Stretch[] = [];
  for (let g = 0; g < games; g++) {
    const rng = createRng(seed + g);
    let s = game.setup(options);
    while (s.phase === 'setup') s = game.play(s, pick(game.legalMoves(s), rng));
    let start = s;
    let turn: HuhMove[] = [];
    let turnBattles: [number, number][] = [];
    for (let turns = 0; s.phase !== 'over' && turns < turnsPerGame; ) {
      const legal = game.legalMoves(s);
      const others = legal.filter((m) => m.type !== 'end');
      // Attacks are few among the legal actions: taken a third of the time where there are any, so games have battles.
      const attacks = others.filter((m) => (m.type === 'step' || m.type === 'free-step') && s.dice.some((d) => d.at === m.to && d.side !== s.dice[m.die].side));
      const m = attacks.length > 0 && rng.next() < 0.33 ? pick(attacks, rng) : others.length > 0 && rng.next() > 0.12 ? pick(others, rng) : pick(legal, rng);
      const next = game.play(s, m);
      if (m.type === 'end') {
        if (turn.length > 0) out.push({ before: start, after: s, moves: turn, battles: turnBattles, kind: 'turn' });
        [start, turn, turnBattles] = [next, [], []];
        turns++;
      } else {
        const fought = next.lastBattle && next.lastBattle !== s.lastBattle ? [next.lastBattle.cards] : [];
        out.push({ before: s, after: next, moves: [m], battles: fought, kind: 'action' });
        turn.push(m);
        turnBattles.push(...fought);
        if (next.phase === 'over') out.push({ before: start, after: next, moves: turn, battles: turnBattles, kind: 'turn' });
      }
      s = next;
    }
  }
  return out;
}

export interface Verdict {
  explained: boolean;
  /** Where not: the code and reason of the last answer. */
  why?: string;
  /** Whether the cards had to be asked for. */
  asked: boolean;
  answer: HuhExplanation;
}

/** `explain` asked as the camera asks, and whether its moves, played with `play`, give the dice seen. */
export function judge(x: Stretch): Verdict {
  let e = explain(x.before, { dice: x.after.dice });
  let asked = false;
  if (!e.legal && e.code === 'cards-needed') {
    asked = true;
    e = explain(x.before, { dice: x.after.dice, battles: x.battles.map((cards) => ({ cards })) });
  }
  if (!e.legal) return { explained: false, why: `${e.code}: ${e.reason.en}`, asked, answer: e };
  // `play` throws on an illegal action.
  const s = e.moves.reduce(game.play, x.before);
  return sameDice(s.dice, x.after.dice) ? { explained: true, asked, answer: e } : { explained: false, why: 'its moves give another position', asked, answer: e };
}
