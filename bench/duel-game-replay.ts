/**
 * A whole game under the camera, as far as Node can follow it (`npx tsx bench/duel-camera-read.ts
 * N --game [--first=K] [--ghosts]`): the computer's game against itself (test/e2e/duel-end.ts, 148
 * actions), and after each action that changes the dice and is not a battle card (the cards are
 * tapped), the board rendered, read and handed to `explain` with the position before, as the
 * screen does. An action counts as followed when the board is read exactly and `explain` takes it
 * to the game's own position; the turn ends and the attacks (the attacker stays) change nothing on
 * the table and are tapped or counted by the screen, so they are not read here. Each seed is
 * another choice of photographed dice.
 *
 * Each frame is judged twice: read whole (the worker before issue 62), and as the worker reads it
 * now (vision/change/): the first reference taken from the start frame and the game's start
 * position (`BoardWatch.hold`), then only the patches that changed since the last position the
 * game took are read and judged. A reading the game takes (followed, or wrong but legal) becomes
 * the reference. Both ways read a still board refused for a die they could not read again, up to
 * four times on frames with fresh sensor noise, as the Settler does (`retries`).
 *
 * With `--ghosts`, things that are no dice lie on and beside the board (bench/duel-ghosts.ts), and
 * before every tenth action a hand rests over the board in a frame of its own, read as a still
 * table with a hand in view would be: the position must come out unchanged.
 */
import { explain } from '../engine/himmel-und-hoelle/explain.ts';
import { play } from '../engine/himmel-und-hoelle/game.ts';
import type { HuhDie, HuhState } from '../engine/himmel-und-hoelle/state.ts';
import { duelObservation } from '../renderer/games/himmel-und-hoelle/camera.ts';
import { botDuel } from '../test/e2e/duel-end.ts';
import { duelScenes, handOver, SIDE_COLOURS, type DuelView } from '../test/e2e/duel-video.ts';
import { boardRead, duelKey, sameDuelDice } from '../test/e2e/worker-view.ts';
import { throughFakeCamera } from '../test/e2e/y4m.ts';
import { duelBoard } from '../vision/board/board.ts';
import { BoardTracker, realDice, withFields } from '../vision/board/calibration.ts';
import { patchShare } from '../vision/change/patches.ts';
import { BoardWatch, calibratedView } from '../vision/change/watch.ts';
import { read, REFEREE_THRESHOLDS } from '../vision/read.ts';
import type { Models } from '../vision/tf.ts';
import type { Frame, Reading } from '../vision/types.ts';
import { drawGhosts, ghostPlaces, handBefore } from './duel-ghosts.ts';

const RETRIES = 4;

type Tally = ReturnType<typeof tally>;
const tally = () => ({ actions: 0, exact: 0, followed: 0, refused: 0, wrong: 0, wrongTaken: 0, other: 0, crowded: 0, lost: 0, ghosts: 0, patched: 0, patchShare: 0, ghostSeen: 0, ghostTaken: 0 });

export async function wholeGame(o: { data: string; view: DuelView; models: Models; seeds: number; first: number; ghosts: boolean }) {
  const { moves, states } = botDuel();
  const whole = tally();
  const changed = tally();
  const hands = tally();
  const readWith = (f: Frame) => read(f, { models: o.models, thresholds: REFEREE_THRESHOLDS });
  const held = (dice: readonly HuhDie[]) => dice.map((d) => ({ field: d.at, value: d.pips, body: SIDE_COLOURS[d.side] }));
  for (let seed = o.first; seed <= o.seeds; seed++) {
    const scenes = duelScenes(o.data, seed, o.view);
    const said: string[] = [];
    const watch = new BoardWatch();
    watch.hold(held(states[0].dice));
    // Where the ghosts are drawn: the board as the clean start frame calibrates it.
    const cal0 = new BoardTracker(duelBoard()).update(throughFakeCamera(scenes(states[0].dice, 0.2, 5)[0])).calibration!;
    /** The board of `dice` before action `i`, with the ghosts of that moment (and a hand); where the ghosts on fields lie. */
    const shot = (dice: readonly HuhDie[], i: number, hand = false) => {
      let frame = scenes(dice, 0.2, 5)[0];
      const at = o.ghosts ? drawGhosts(frame, cal0, ghostPlaces(i, dice), o.view.die) : [];
      if (hand) frame = handOver([frame])[0];
      return { frame, onFields: at.filter((g) => g.onField).map((g) => g.centre) };
    };
    /** A reading's die on a ghost on a field (within a die's edge of its middle). */
    const onGhost = (r: Reading | null, ghosts: [number, number][]) => !!r && r.dice.some((d) => ghosts.some((g) => Math.hypot(d.centre[0] - g[0], d.centre[1] - g[1]) < o.view.die));

    /** One still board judged by change, read again while refused for an unreadable die; counted in `t`. */
    const byChange = async (t: Tally, i: number, before: HuhState, after: readonly HuhDie[], take: (k: number) => { frame: Frame; onFields: [number, number][] }) => {
      for (let k = 0; ; k++) {
        const { frame, onFields } = take(k);
        const seen = throughFakeCamera(frame);
        const cal = new BoardTracker(duelBoard()).update(seen).calibration;
        const judged = cal ? await watch.see(seen, calibratedView(cal), readWith, (r) => realDice(cal, r)) : null;
        if (judged?.lost) t.lost++;
        const reading = judged && !judged.lost ? judged.reading : null;
        if (judged && !judged.lost) {
          t.ghosts += judged.ghosts;
          if (judged.patches) [t.patched, t.patchShare] = [t.patched + 1, t.patchShare + patchShare(judged.patches, seen.width, seen.height)];
        }
        const obs = cal && reading ? duelObservation(withFields(cal, reading), SIDE_COLOURS) : null;
        const again = !!reading && !obs?.ok && reading.dice.some((d) => d.value === null) && k < RETRIES;
        const v = verdict(again ? null : t, i, before, after, obs);
        if (again) continue;
        if (onGhost(reading, onFields)) [t.ghostSeen, t.ghostTaken] = [t.ghostSeen + 1, t.ghostTaken + (v.taken && !v.followed ? 1 : 0)];
        if (cal && reading) watch.passed(seen, reading, calibratedView(cal));
        watch.verdict(v.taken);
        if (v.taken) watch.hold(held(after));
        return v.said;
      }
    };

    const startSaid = await byChange(tally(), -1, states[0], states[0].dice, () => shot(states[0].dice, -1));
    if (startSaid) said.push(`start: ${startSaid}`);
    for (const [i, move] of moves.entries()) {
      const after = play(states[i], move);
      if (move.type === 'card' || sameDuelDice(after.dice, states[i].dice)) continue;
      if (o.ghosts && handBefore(i)) {
        const handSaid = await byChange(hands, i, states[i], states[i].dice, () => shot(states[i].dice, i, true));
        if (handSaid) said.push(`${i} (a hand over the board): ${handSaid}`);
      }
      try {
        shot(after.dice, i);
      } catch {
        whole.crowded++;
        changed.crowded++;
        said.push(`${i}: more than five dice in a start area, not drawn`);
        continue;
      }
      let wholeSaid = '';
      for (let k = 0; ; k++) {
        const got = await boardRead(shot(after.dice, i).frame, duelBoard(), o.models);
        const obs = got && duelObservation(withFields(got.calibration, got.reading), SIDE_COLOURS);
        const again = !!got && !obs?.ok && got.reading.dice.some((d) => d.value === null) && k < RETRIES;
        const v = verdict(again ? null : whole, i, states[i], after.dice, obs);
        if (again) continue;
        wholeSaid = v.said;
        break;
      }
      const changeSaid = await byChange(changed, i, states[i], after.dice, () => shot(after.dice, i));
      if (wholeSaid || changeSaid) said.push(`${i}: whole ${wholeSaid || 'followed'}; by change ${changeSaid || 'followed'}`);
    }
    console.log(seed, said.length ? said.join(' | ') : 'every action followed');
  }
  const rows: [string, Tally][] = [['read whole', whole], ['judged by change', changed]];
  if (o.ghosts) rows.push(['a hand resting over the board (judged by change; the position must stay)', hands]);
  for (const [name, t] of rows) {
    console.log(
      `${name}: seeds ${o.first}..${o.seeds}, ${t.actions} ${t === hands ? 'boards' : 'actions on the table'}: board read exactly ${t.exact}, followed (read exactly and explained to the game's position) ${t.followed}; ` +
        `refused (a die unsure, ambiguous or of neither colour, or no calibration) ${t.refused}; read wrong ${t.wrong} (of them taken by \`explain\` as a legal action that did not happen: ${t.wrongTaken}); read right but explained otherwise ${t.other}; not drawn (more than five dice in an area) ${t.crowded}` +
        (t !== whole ? `; reference lost ${t.lost}, ghosts dropped ${t.ghosts}; read by their changed patches alone ${t.patched} (on average ${((100 * t.patchShare) / Math.max(1, t.patched)).toFixed(1)} % of the frame), the rest whole` : '') +
        (t !== whole && o.ghosts ? `; a die read on a ghost on a field in ${t.ghostSeen} readings, taken as a move ${t.ghostTaken}` : ''),
    );
  }
}

/** One action's verdict on one way of reading, counted in `t` (null: not counted, it is read again); what to say about it (empty when followed), and whether the game takes it. */
function verdict(t: Tally | null, i: number, before: HuhState, after: readonly HuhDie[], seen: ReturnType<typeof duelObservation> | null) {
  const c = t ?? tally();
  c.actions++;
  if (!seen?.ok) {
    c.refused++;
    return { said: seen ? seen.reason.en : 'no calibration', taken: false, followed: false };
  }
  if (!sameDuelDice(seen.observed.dice, after)) {
    // What the referee makes of it: refused (nothing played), or taken as a legal action that did not happen.
    const taken = explain(before, seen.observed).legal;
    c.wrong++;
    if (taken) c.wrongTaken++;
    const diff = (a: readonly HuhDie[], b: readonly HuhDie[]) => a.map(duelKey).filter((k) => !b.map(duelKey).includes(k)).join(' ');
    return { said: `WRONG ${diff(seen.observed.dice, after)} for ${diff(after, seen.observed.dice)}, ${taken ? 'TAKEN as legal' : 'refused'}`, taken, followed: false };
  }
  c.exact++;
  const v = explain(before, seen.observed);
  const to = v.legal ? v.moves.reduce(play, before) : null;
  if (to && sameDuelDice(to.dice, after)) {
    c.followed++;
    return { said: '', taken: true, followed: true };
  }
  c.other++;
  return { said: `explain ${v.legal ? 'took it elsewhere' : v.code}`, taken: v.legal, followed: false };
}
