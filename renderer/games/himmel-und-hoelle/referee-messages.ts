/**
 * The messages between the duel's screen and its referee worker (referee-worker.ts), and their
 * checks: each side trusts nothing the other sends.
 *   → { id, state, observed, reopen? }   ← { id, ok: true, verdict } | { id, ok: false, error }
 */
import { Check } from '../../../engine/core/validate.ts';
import type { Text } from '../../../engine/core/text.ts';
import type { BattleAsked } from '../../../engine/himmel-und-hoelle/explain.ts';
import type { TableVerdict } from '../../../engine/himmel-und-hoelle/explain-table.ts';
import { parseMove, parseObservation, parseState, type HuhObservation } from '../../../engine/himmel-und-hoelle/parse.ts';
import { PLACES } from '../../../engine/himmel-und-hoelle/board.ts';
import { MAX_PIPS, type HuhState } from '../../../engine/himmel-und-hoelle/state.ts';

export interface RefereeRequest {
  id: number;
  state: HuhState;
  observed: HuhObservation;
  /** The state before the end of the turn the camera ended last, while nothing was played since (`explainTable`'s `reopen`). */
  reopen?: HuhState;
}

export type RefereeAnswer = { id: number; ok: true; verdict: TableVerdict } | { id: number; ok: false; error: Text };

const id = (c: Check, v: unknown) => c.int(v, 0);

/** The worker's check of what the screen asks: a state and an observation of this game. */
export function parseRequest(v: unknown): RefereeRequest {
  const c = new Check('bad-message');
  const o = c.object(v);
  c.keys(o, ['id', 'state', 'observed', 'reopen']);
  return {
    id: id(c.at('id'), o.id),
    state: parseState(o.state),
    observed: parseObservation(o.observed),
    ...(o.reopen === undefined ? {} : { reopen: parseState(o.reopen) }),
  };
}

function words(c: Check, o: Record<string, unknown>): { de: string; en: string } {
  return { de: c.at('de').string(o.de), en: c.at('en').string(o.en) };
}

/** A text in both languages, with the names of its slots where it has any. */
function text(c: Check, v: unknown): Text {
  const o = c.object(v);
  c.keys(o, ['de', 'en', 'refs']);
  if (o.refs === undefined) return words(c, o);
  const refs = c.at('refs').object(o.refs);
  return {
    ...words(c, o),
    refs: Object.fromEntries(
      Object.entries(refs).map(([k, r]) => {
        const rc = c.at('refs').at(k);
        const ro = rc.object(r);
        rc.keys(ro, ['de', 'en']);
        return [k, words(rc, ro)];
      }),
    ),
  };
}

const moves = (c: Check, v: unknown) => c.array(v).map((m) => parseMove(m));

function battle(c: Check, v: unknown): BattleAsked {
  const o = c.object(v);
  c.keys(o, ['attacker', 'defender', 'attackerPips', 'defenderPips', 'winner']);
  return {
    attacker: c.at('attacker').oneOf(o.attacker, PLACES),
    defender: c.at('defender').oneOf(o.defender, PLACES),
    attackerPips: c.at('attackerPips').int(o.attackerPips, 1, MAX_PIPS),
    defenderPips: c.at('defenderPips').int(o.defenderPips, 1, MAX_PIPS),
    winner: c.at('winner').oneOf(o.winner, [0, 1] as const),
  };
}

function verdict(c: Check, v: unknown): TableVerdict {
  const o = c.object(v);
  if (o.legal === true) {
    c.keys(o, ['legal', 'unchanged', 'moves', 'ap', 'cheapest', 'alternatives', 'note', 'reopened']);
    if (o.reopened !== undefined && o.reopened !== true) c.at('reopened').fail({ de: 'muss true sein, wenn angegeben', en: 'must be true where given' });
    return {
      ...(o.reopened === true ? { reopened: true as const } : {}),
      legal: true,
      unchanged: c.at('unchanged').bool(o.unchanged),
      moves: moves(c.at('moves'), o.moves),
      ap: c.at('ap').int(o.ap, 0),
      cheapest: c.at('cheapest').bool(o.cheapest),
      alternatives: c.at('alternatives').array(o.alternatives).map((a, i) => moves(c.at('alternatives').at(i), a)),
      ...(o.note === undefined ? {} : { note: text(c.at('note'), o.note) }),
    };
  }
  if (o.legal !== false) c.at('legal').fail({ de: 'muss true oder false sein', en: 'must be true or false' });
  c.keys(o, ['legal', 'code', 'reason', 'battles']);
  return {
    legal: false,
    code: c.at('code').string(o.code),
    reason: text(c.at('reason'), o.reason),
    ...(o.battles === undefined ? {} : { battles: c.at('battles').array(o.battles).map((b, i) => battle(c.at('battles').at(i), b)) }),
  };
}

/** The screen's check of the worker's answer; throws an EngineError naming what is wrong. */
export function parseAnswer(v: unknown): RefereeAnswer {
  const c = new Check('bad-message');
  const o = c.object(v);
  if (o.ok === false) {
    c.keys(o, ['id', 'ok', 'error']);
    return { id: id(c.at('id'), o.id), ok: false, error: text(c.at('error'), o.error) };
  }
  if (o.ok !== true) c.at('ok').fail({ de: 'muss true oder false sein', en: 'must be true or false' });
  c.keys(o, ['id', 'ok', 'verdict']);
  return { id: id(c.at('id'), o.id), ok: true, verdict: verdict(c.at('verdict'), o.verdict) };
}
