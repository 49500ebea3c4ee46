import type { Explanation, Text } from '../core/contract.ts';
import { capital, joinTexts, say, seatRef } from '../core/text.ts';
import { EngineError } from '../core/errors.ts';
import { applyMove, diceToRoll, whyNotPlace } from './rules.ts';
import { currentTafel, type EubMove, type EubObservation, type EubState, type RowScore } from './state.ts';
import { boxId, boxName, boxNameOf, parseBoxId, type Colour } from './tafel.ts';

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

/** What the camera saw, as the referee reads it: a new roll, each new die, and everything that cannot be. */
export interface PlacementReport {
  placements: Placement[];
  /** Faults that are no placement: a die gone or changed, a box not on the Tafel, a die placed before rolling, a roll that cannot be. */
  problems: Problem[];
  /** The moves that turn the state into the observed one (only when all is legal): a roll first, where one was seen. */
  moves: EubMove[];
  /** The state after the legal moves (the state itself when anything is illegal). */
  after: EubState;
  /**
   * Set where the picture cannot tell the order in which rows were completed and the order changes
   * the points (a black row meeting the 0 floor): the moves of each distinct outcome, in one order
   * that gives it. The table is asked which happened; `moves` then holds none of them.
   */
  orders?: EubMove[][];
}

const t = (de: string, en: string): Text => ({ de, en });

const sorted = (values: readonly number[]) => values.slice().sort((a, b) => a - b);
const same = (a: readonly number[], b: readonly number[]) => {
  const [x, y] = [sorted(a), sorted(b)];
  return x.length === y.length && x.every((v, i) => v === y[i]);
};
const shown = (values: readonly number[]) => (values.length ? sorted(values).join(' ') : '–');
const refused = (s: EubState, code: string, reason: Text): PlacementReport => ({ placements: [], problems: [{ code, reason }], moves: [], after: s });

/**
 * Reads what lies on the Tafel against the state: the dice in the boxes and, where it was looked
 * at, the roll lying on the sheet beside them (docs/camera.md, "The roll from the camera").
 * - During a turn the sheet shows the hand not yet placed, or nothing (the roll lies elsewhere,
 *   tapped in): then only placements are read.
 *   Other dice there, with no new die in a box, are a roll on: it must show every unplaced die,
 *   and the rules must allow it (a die placed since the last roll, fewer than five rolls).
 *   Other dice there together with new dice in boxes are refused: placing from the old roll and
 *   then rolling on, or rolling on and then placing, look alike in one still picture.
 * - Between turns, dice on the sheet are the next roll: with the dice already put into boxes
 *   they must be exactly the dice the roll takes (`diceToRoll`); the roll is played, then the
 *   placements against it.
 */
export function explainObservation(s: EubState, o: EubObservation): PlacementReport {
  // An empty sheet during a turn is a hand lying elsewhere (rolled beside the sheet and tapped in, or held).
  if (o.roll === undefined || s.over || (s.turn && o.roll.length === 0)) return explainPlacements(s, o.boxes);
  const fresh = newDice(s, o.boxes);
  if (s.turn) {
    if (fresh.length > 0) {
      const report = explainPlacements(s, o.boxes);
      // What stays on the sheet is the hand less the dice placed; `after` cannot tell it where the
      // last die ended the turn, the Durchgang or the game (the dice then lie on the sheet all the same).
      const left = unplaced(s.turn.hand, report.moves);
      if (report.moves.length === 0 || same(left, o.roll)) return report;
      return refused(
        s,
        'roll-and-place',
        t(
          `Neue Würfel in Kästchen und ein neuer Wurf auf dem Blatt (${shown(o.roll)}; ungelegt wären ${shown(left)}): bitte erst legen, den Tisch ruhen lassen, dann weiterwürfeln, oder den Zug antippen.`,
          `New dice in boxes and a new roll on the sheet (${shown(o.roll)}; unplaced would be ${shown(left)}): please place first, let the table rest, then roll on, or tap the turn in.`,
        ),
      );
    }
    if (same(s.turn.hand, o.roll)) return explainPlacements(s, o.boxes);
    const counted = countProblem(o.roll.length, s.turn.hand.length);
    if (counted) return refused(s, 'roll-count', counted);
    return rolled(s, o, sorted(o.roll), (why) =>
      t(`Auf dem Blatt liegt jetzt ${shown(o.roll!)}, der Wurf war ${shown(s.turn!.hand)}: ${why.de}`, `The sheet now shows ${shown(o.roll!)}, the roll was ${shown(s.turn!.hand)}: ${why.en}`),
    );
  }
  if (o.roll.length === 0) return explainPlacements(s, o.boxes);
  const values = [...o.roll, ...fresh.map((d) => d.value)];
  const counted = countProblem(values.length, diceToRoll(s), fresh.length);
  if (counted) return refused(s, 'roll-count', counted);
  return rolled(s, o, sorted(values), (why) => why);
}

/** The dice of `hand` that `moves` did not place. */
function unplaced(hand: readonly number[], moves: readonly EubMove[]): number[] {
  const left = hand.slice();
  for (const m of moves) if (m.type === 'place') left.splice(left.indexOf(m.value), 1);
  return left;
}

/** A roll that does not show the dice it must; `placed` of them already lie in boxes. */
function countProblem(seen: number, want: number, placed = 0): Text | null {
  if (seen === want) return null;
  const where = placed ? t(` (${placed} davon schon in Kästchen)`, ` (${placed} of them in boxes already)`) : t('', '');
  const fix = seen > want ? t('bitte die übrigen in den Vorrat.', 'please put the others back in the supply.') : t(`alle ${want} aufs Blatt würfeln.`, `roll all ${want} onto the sheet.`);
  return t(
    `Auf dem Blatt ${seen === 1 ? 'liegt' : 'liegen'} ${seen} Würfel${where.de}, gewürfelt werden ${want}: ${fix.de}`,
    `${seen} ${seen === 1 ? 'die lies' : 'dice lie'} on the sheet${where.en}, ${want} are rolled: ${fix.en}`,
  );
}

/** The roll played (or why the rules refuse it, in `say`'s words), then the new dice in boxes against it. */
function rolled(s: EubState, o: EubObservation, values: number[], say: (why: Text) => Text): PlacementReport {
  const roll: EubMove = { type: 'roll', values };
  let after: EubState;
  try {
    after = applyMove(s, roll);
  } catch (e) {
    if (e instanceof EngineError) return refused(s, 'illegal-roll', say(e.text));
    throw e;
  }
  const placed = explainPlacements(after, o.boxes);
  if (!after.turn && placed.placements.length > 0) {
    return refused(s, 'no-fit', t(`Im Wurf ${shown(values)} passt kein Würfel: der Zug war vorbei, die Würfel in den Kästchen können nicht bleiben.`, `No die of the roll ${shown(values)} fits: the turn was over, the dice in the boxes cannot stay.`));
  }
  if (placed.problems.length > 0 || placed.placements.some((p) => !p.legal)) return { ...placed, after: s };
  const orders = placed.orders?.map((o) => [roll, ...o]);
  return { ...placed, moves: orders ? [] : [roll, ...placed.moves], ...(orders && { orders }) };
}

/** The dice in boxes that were empty in the state. */
function newDice(s: EubState, boxes: Record<string, number>): { box: string; value: number }[] {
  return Object.entries(boxes)
    .filter(([id]) => {
      const at = parseBoxId(id);
      return at !== null && s.filled[at[0]]?.[at[1]] === null;
    })
    .map(([box, value]) => ({ box, value }));
}

/**
 * Reads the occupied boxes (box id -> value) against the state with its current roll. New dice
 * are taken row by row, left to right, which is the only order a row can be filled in; across
 * rows the order changes nothing, as one player places them all.
 */
export function explainPlacements(s: EubState, observed: Record<string, number>): PlacementReport {
  const rows = currentTafel(s).rows;
  const problems: Problem[] = [];
  const fresh: { r: number; i: number; value: number }[] = [];
  for (const [id, value] of Object.entries(observed)) {
    const at = parseBoxId(id);
    if (!at || at[0] >= rows.length || at[1] >= rows[at[0]].boxes.length) {
      const name = boxNameOf(id);
      problems.push({ code: 'no-such-box', reason: t(`${name.de} gibt es auf dieser Tafel nicht.`, `There is no ${name.en} on this Tafel.`) });
      continue;
    }
    const [r, i] = at;
    const was = s.filled[r][i];
    if (was === null) fresh.push({ r, i, value });
    else if (was !== value) {
      problems.push({
        code: 'die-changed',
        reason: t(`Auf ${boxName(r, i).de} lag eine ${was}, jetzt eine ${value}: gelegte Würfel bleiben liegen.`, `${capital(boxName(r, i)).en} held a ${was}, now a ${value}: placed dice stay as they are.`),
      });
    }
  }
  s.filled.forEach((row, r) =>
    row.forEach((was, i) => {
      if (was !== null && !(boxId(r, i) in observed)) {
        problems.push({
          code: 'die-removed',
          reason: t(`Von ${boxName(r, i).de} fehlt die ${was}: gelegte Würfel bleiben bis zum Ende des Durchgangs liegen.`, `The ${was} on ${boxName(r, i).en} is missing: placed dice stay until the Durchgang ends.`),
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
  if (!legal) return { placements, problems, moves: [], after: s };
  const orders = scoringOrders(s, moves);
  return orders.length > 1 ? { placements, problems, moves: [], after: s, orders } : { placements, problems, moves, after: state };
}

/**
 * The orders of one turn's placements that end with different points, one order for each; a
 * single one where the order changes nothing. Only the last dice of rows matter (the others can
 * only go in first, row by row), and only a black row can meet the 0 floor, so orders are tried
 * only where rows of both colours are completed together.
 */
function scoringOrders(s: EubState, moves: EubMove[]): EubMove[][] {
  const rows = currentTafel(s).rows;
  const completes = (m: EubMove) => {
    const at = m.type === 'place' ? parseBoxId(m.box) : null;
    return at !== null && at[1] === rows[at[0]].boxes.length - 1;
  };
  const last = moves.filter(completes);
  const colours = new Set(last.map((m) => rows[parseBoxId((m as Extract<EubMove, { type: 'place' }>).box)![0]].colour));
  if (colours.size < 2) return [moves];
  const first = moves.filter((m) => !completes(m));
  const outcomes = new Map<string, EubMove[]>();
  for (const order of permutations(last)) {
    const seq = [...first, ...order];
    let end: EubState;
    try {
      end = seq.reduce(applyMove, s);
    } catch (e) {
      // An order the rules refuse is no order the dice were placed in.
      if (e instanceof EngineError) continue;
      throw e;
    }
    const key = end.points.join(',');
    if (!outcomes.has(key)) outcomes.set(key, seq);
  }
  return [...outcomes.values()];
}

function* permutations<T>(xs: readonly T[]): Generator<T[]> {
  if (xs.length <= 1) return yield xs.slice();
  for (let i = 0; i < xs.length; i++) {
    for (const rest of permutations([...xs.slice(0, i), ...xs.slice(i + 1)])) yield [xs[i], ...rest];
  }
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

/** What each row completed did, in the order scored: "Spieler 1 schließt die weiße Reihe 3: +30." */
function rowsNote(scores: readonly RowScore[]): Text {
  return joinTexts(
    scores.map((c) => {
      const sign = c.delta >= 0 ? `+${c.delta}` : `−${-c.delta}`;
      const de = c.colour === 'white' ? 'weiße' : 'schwarze';
      return say(seatRef(c.seat), { de: ` schließt die ${de} Reihe ${c.row}: ${sign}.`, en: ` completes ${c.colour} row ${c.row}: ${sign}.` });
    }),
  );
}

/** The scores `moves` add to `s`, and the points of the seat to move after them. */
function scoredBy(s: EubState, moves: readonly EubMove[]): { scores: RowScore[]; points: number } {
  const end = moves.reduce(applyMove, s);
  return { scores: end.scores.slice(s.scores.length), points: end.points[s.toMove] };
}

export function explanationOf(s: EubState, report: PlacementReport): Explanation<EubMove> {
  const bad = [...report.problems, ...report.placements.filter((p) => !p.legal && p.reason).map((p) => ({ code: 'illegal-placement', reason: p.reason! }))];
  if (bad.length > 0) return { legal: false, code: bad[0].code, reason: joinTexts(bad.map((b) => b.reason)) };
  if (report.orders) {
    const choices = report.orders.map((moves) => {
      const { scores, points } = scoredBy(s, moves);
      return { moves, note: say(rowsNote(scores), ' ', seatRef(s.toMove), { de: ` hat danach ${points} Punkte.`, en: ` then has ${points} points.` }) };
    });
    const question = t(
      'Mehrere Reihen wurden auf einmal geschlossen, und ihre Reihenfolge ändert die Punkte (nie unter 0): welche Reihenfolge war es?',
      'Several rows were completed at once, and their order changes the points (never below 0): which order was it?',
    );
    return { legal: true, unchanged: false, moves: [], ask: { question, choices } };
  }
  const { scores } = scoredBy(s, report.moves);
  if (scores.length === 0) return { legal: true, unchanged: report.moves.length === 0, moves: report.moves };
  return { legal: true, unchanged: false, moves: report.moves, note: rowsNote(scores) };
}
