import type { Explanation, Text } from '../core/contract.ts';
import { applyMove, whyNotPlace } from './rules.ts';
import { currentTafel, type EubMove, type EubObservation, type EubState } from './state.ts';
import { boxId, parseBoxId, type Colour } from './tafel.ts';

export interface Placement {
  box: string;
  value: number;
  legal: boolean;
  /** Why it is illegal, naming the box and the rule. */
  reason?: Text;
  /** The row this die completed, and what it did to the points of the player who placed it. */
  completes?: { row: number; colour: Colour; points: number; seat: number; delta: number };
}

export interface Problem {
  code: string;
  reason: Text;
}

/** What the camera saw, as the referee reads it: each new die, and everything that cannot be. */
export interface PlacementReport {
  placements: Placement[];
  /** Faults that are no placement: a die gone or changed, a box not on the Tafel, a die placed before rolling. */
  problems: Problem[];
  /** The moves that turn the state into the observed one (only when every placement is legal). */
  moves: EubMove[];
  /** The state after the legal moves (the state itself when anything is illegal). */
  after: EubState;
}

const t = (de: string, en: string): Text => ({ de, en });

/**
 * Reads an observed Tafel (every occupied box -> its value) against the state with its current
 * roll. New dice are taken row by row, left to right, which is the only order a row can be filled
 * in; across rows the order changes nothing, as one player places them all.
 */
export function explainPlacements(s: EubState, observed: EubObservation): PlacementReport {
  const rows = currentTafel(s).rows;
  const problems: Problem[] = [];
  const fresh: { r: number; i: number; value: number }[] = [];
  for (const [id, value] of Object.entries(observed)) {
    const at = parseBoxId(id);
    if (!at || at[0] >= rows.length || at[1] >= rows[at[0]].boxes.length) {
      problems.push({ code: 'no-such-box', reason: t(`Kästchen ${id} gibt es auf dieser Tafel nicht.`, `There is no box ${id} on this Tafel.`) });
      continue;
    }
    const [r, i] = at;
    const was = s.filled[r][i];
    if (was === null) fresh.push({ r, i, value });
    else if (was !== value) {
      problems.push({
        code: 'die-changed',
        reason: t(`Auf ${id} lag eine ${was}, jetzt eine ${value}: gelegte Würfel bleiben liegen.`, `${id} held a ${was}, now a ${value}: placed dice stay as they are.`),
      });
    }
  }
  s.filled.forEach((row, r) =>
    row.forEach((was, i) => {
      if (was !== null && !(boxId(r, i) in observed)) {
        problems.push({
          code: 'die-removed',
          reason: t(`Von ${boxId(r, i)} fehlt die ${was}: gelegte Würfel bleiben bis zum Ende des Durchgangs liegen.`, `The ${was} on ${boxId(r, i)} is missing: placed dice stay until the Durchgang ends.`),
        });
      }
    }),
  );
  if (fresh.length > 0 && s.over) problems.push({ code: 'game-over', reason: t('Das Spiel ist schon zu Ende.', 'The game is already over.') });
  else if (fresh.length > 0 && !s.turn) {
    problems.push({ code: 'not-rolled', reason: t('Würfel liegen neu auf der Tafel, aber es wurde noch nicht gewürfelt.', 'New dice lie on the Tafel, but nothing has been rolled yet.') });
  }
  if (problems.length > 0) return { placements: fresh.map(({ r, i, value }) => ({ box: boxId(r, i), value, legal: false })), problems, moves: [], after: s };

  fresh.sort((a, b) => a.r - b.r || a.i - b.i);
  const placements: Placement[] = [];
  const moves: EubMove[] = [];
  let state = s;
  let legal = true;
  for (const { r, i, value } of fresh) {
    const box = boxId(r, i);
    // After an illegal die the rest are judged as if it lay there, so each gets its own verdict.
    const why = placedTurnOver(s, state) ?? whyNotPlace(state, value, box);
    if (why) {
      legal = false;
      placements.push({ box, value, legal: false, reason: why });
      state = forced(state, r, i, value);
      continue;
    }
    const move: EubMove = { type: 'place', value, box };
    const next = applyMove(state, move);
    const scored = next.scores.length > state.scores.length ? next.scores[next.scores.length - 1] : undefined;
    placements.push({
      box,
      value,
      legal: true,
      ...(scored && { completes: { row: scored.row, colour: scored.colour, points: scored.points, seat: scored.seat, delta: scored.delta } }),
    });
    moves.push(move);
    state = next;
  }
  return legal ? { placements, problems, moves, after: state } : { placements, problems, moves: [], after: s };
}

/** The turn that rolled these dice ended on an earlier die of the same observation (all placed, Tafel full). */
function placedTurnOver(start: EubState, now: EubState): Text | null {
  if (now === start || (now.turn && now.durchgang === start.durchgang)) return null;
  return t('mehr Würfel gelegt, als der Zug hergibt: er war mit den Würfeln davor schon zu Ende.', 'more dice placed than the turn allows: it had ended with the dice before.');
}

/** A die put down without the rules, only so the dice after it can be judged. */
function forced(s: EubState, r: number, i: number, value: number): EubState {
  const filled = s.filled.slice();
  filled[r] = filled[r].slice();
  filled[r][i] = value;
  const hand = s.turn?.hand.slice() ?? [];
  if (hand.includes(value)) hand.splice(hand.indexOf(value), 1);
  return { ...s, filled, turn: s.turn && { ...s.turn, hand } };
}

const who = (seat: number) => t(`Spieler ${seat + 1}`, `player ${seat + 1}`);

export function explanationOf(s: EubState, report: PlacementReport): Explanation<EubMove> {
  const bad = [...report.problems, ...report.placements.filter((p) => !p.legal && p.reason).map((p) => ({ code: 'illegal-placement', reason: p.reason! }))];
  if (bad.length > 0) {
    return {
      legal: false,
      code: bad[0].code,
      reason: { de: bad.map((b) => b.reason.de).join(' '), en: bad.map((b) => b.reason.en).join(' ') },
    };
  }
  const done = report.placements.filter((p) => p.completes);
  if (done.length === 0) return { legal: true, unchanged: report.moves.length === 0, moves: report.moves };
  const line = (lang: 'de' | 'en') =>
    done
      .map(({ completes: c }) => {
        const sign = c!.delta >= 0 ? `+${c!.delta}` : String(c!.delta);
        const colour = lang === 'de' ? (c!.colour === 'white' ? 'weiße' : 'schwarze') : c!.colour;
        return lang === 'de' ? `${who(c!.seat).de} schließt die ${colour} Reihe ${c!.row}: ${sign}.` : `${who(c!.seat).en} completes ${colour} row ${c!.row}: ${sign}.`;
      })
      .join(' ');
  return { legal: true, unchanged: false, moves: report.moves, note: { de: line('de'), en: line('en') } };
}
