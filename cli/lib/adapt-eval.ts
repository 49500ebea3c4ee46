/**
 * `schiri eval --adapt N`: a dice set taught from the first N labelled dice of a photo set, as
 * players would teach it at their table, and the rest of the set read with it and without it.
 *
 * The labels play the players: each of the first N labelled dice (photos in list order, dice in
 * label order) is taught with its labelled value at the box the reader reported for it, or at a
 * box it looked at just under its die bar, or else at its labelled box, marked missed (in the
 * app: where the player points). A box the reader reported on those photos where no die is
 * labelled is taught as "not a die" (in the app: the player taps "kein Würfel"), and so are the
 * surest few it looked at just under the bar that touch no labelled die (in the app: the rest
 * of a roll the players confirmed). Each photo is one roll. Scored are only the photos after the last one taught from,
 * with the same reader and thresholds, once with the set and once without.
 */
import type { Models } from '../../vision/tf.ts';
import type { Cv } from '../../vision/detect/opencv.ts';
import { frameToRgb } from '../../vision/detect/frame.ts';
import { read, type ReadThresholds } from '../../vision/read.ts';
import { nearRound, placesWithoutDie } from '../../vision/adapt/near.ts';
import { cutPatch } from '../../vision/adapt/patch.ts';
import { wantsMorePlaces } from '../../vision/adapt/bias.ts';
import { adapterOf, APP_PARTS, look, sureness, tunesNet, type AdaptParts } from '../../vision/adapt/teach.ts';
import { headOf } from '../../vision/adapt/head.ts';
import { trainingVariants, variants } from '../../vision/adapt/patch.ts';
import { CACHE_DEFAULTS } from '../../vision/adapt/cache.ts';
import type { Adapter } from '../../vision/read.ts';
import type { Sureness, TaughtDie } from '../../vision/adapt/dice-set.ts';
import type { Use } from '../../vision/adapt/tune.ts';
import type { Frame } from '../../vision/types.ts';
import { matchDice, scoreImage, scoreSet, type ImageScore, type SetScore } from './score.ts';
import type { LabelledDie } from './yolo-set.ts';

export interface LabelledFrame {
  /** Its place in the set's list. */
  index: number;
  frame: Frame;
  labels: LabelledDie[];
}

export interface Taught {
  dice: TaughtDie[];
  /** Photos taught from. */
  photos: number;
  /** The list index of the last photo taught from: scoring starts after it. */
  last: number;
  /** Labelled dice taught (N, or all the set has). */
  labelled: number;
  /** Of those, taught at the box the reader reported, */
  atReaderBox: number;
  /** or at a box it looked at just under its die bar (the rest, which it missed, at their labelled box). */
  underBar: number;
  /** Boxes taught as "not a die": reported by the reader, */
  notDice: number;
  /** and looked at just under the die bar. */
  nearNotDice: number;
}

/** Nothing taught yet. */
const nothingTaught = (): Taught => ({ dice: [], photos: 0, last: -1, labelled: 0, atReaderBox: 0, underBar: 0, notDice: 0, nearNotDice: 0 });

/** A photo whose labelled dice were taught only in part (N ran out on it): a roll asked for completes it. */
type Open = { photo: LabelledFrame; roll: number; done: number };

/**
 * Labelled dice `from` to `to` of one photo taught onto `t`. With `from` 0 the photo is a new roll,
 * taught with the reader's false boxes on it too (a roll is confirmed whole: what the reader said
 * that is no die is seen then); later dice of the same photo go to `roll`, the one it was given.
 * Returns the photo's roll.
 */
async function teachDice(cv: Cv, models: Models, photo: LabelledFrame, from: number, to: number, thresholds: Partial<ReadThresholds>, t: Taught, roll = t.photos): Promise<number> {
  const { index, frame, labels } = photo;
  if (from === 0) {
    t.photos++;
    t.last = index;
  }
  const reading = await read(frame, { models, thresholds, near: true });
  const pairs = matchDice(reading.dice, labels);
  const near = reading.near ?? [];
  const rgb = frameToRgb(cv, frame);
  try {
    for (let j = from; j < Math.min(to, labels.length); j++) {
      const l = labels[j];
      t.labelled++;
      const i = pairs.get(j);
      // A die the reader did not report is taught where it looked just under its bar, as the app
      // takes a tapped die there (renderer/vision/teach.ts draftSet); else at its label, missed.
      const under = i === undefined ? nearRound(l.box, near) : undefined;
      if (i !== undefined) t.atReaderBox++;
      else if (under) t.underBar++;
      const box = i !== undefined ? reading.dice[i].box : (under?.box ?? l.box);
      t.dice.push({ value: l.value, roll, patch: cutPatch(cv, rgb, box), ...(i === undefined && !under ? { missed: true as const } : {}) });
    }
    if (from > 0) return roll;
    const matched = new Set(pairs.values());
    reading.dice.forEach((d, i) => {
      if (matched.has(i)) return;
      t.notDice++;
      t.dice.push({ value: 0, roll, patch: cutPatch(cv, rgb, d.box) });
    });
    // As the app keeps them (renderer/vision/teach.ts draftSet): the surest few that touch no labelled die.
    const empty = placesWithoutDie(near, labels.map((l) => l.box));
    for (const d of empty) t.dice.push({ value: 0, roll, patch: cutPatch(cv, rgb, d.box) });
    t.nearNotDice += empty.length;
  } finally {
    rgb.delete();
  }
  return roll;
}

/**
 * The first `n` labelled dice of `photos` (and the reader's false boxes on those photos) as
 * taught dice, and the photo left open if N ran out inside it. `photos` is read lazily, one at a
 * time, only as far as needed.
 */
async function teachUpTo(cv: Cv, models: Models, photos: Iterable<LabelledFrame>, n: number, thresholds: Partial<ReadThresholds>): Promise<{ taught: Taught; open?: Open }> {
  const t = nothingTaught();
  let open: Open | undefined;
  for (const photo of photos) {
    if (t.labelled >= n) break;
    const done = Math.min(photo.labels.length, n - t.labelled);
    const roll = await teachDice(cv, models, photo, 0, done, thresholds, t);
    open = done < photo.labels.length ? { photo, roll, done } : undefined;
  }
  return { taught: t, open };
}

/** The first `n` labelled dice of `photos` (and the reader's false boxes on those photos) as taught dice. */
export async function teachFirst(cv: Cv, models: Models, photos: Iterable<LabelledFrame>, n: number, thresholds: Partial<ReadThresholds>): Promise<Taught> {
  return (await teachUpTo(cv, models, photos, n, thresholds)).taught;
}

/**
 * The roll the dialog asks for, onto `t`: the photo N ran out inside completed, then the first of
 * `photos` taught whole. False where no photo is left.
 */
async function teachNextRoll(cv: Cv, models: Models, open: Open | undefined, photos: Iterable<LabelledFrame>, thresholds: Partial<ReadThresholds>, t: Taught): Promise<boolean> {
  for (const photo of photos) {
    if (open) await teachDice(cv, models, open.photo, open.done, Infinity, thresholds, t, open.roll);
    await teachDice(cv, models, photo, 0, Infinity, thresholds, t);
    return true;
  }
  return false;
}

export interface Adapted {
  adapter: Adapter;
  /** The table's raise of the die-ness chosen on the taught dice (vision/adapt/bias.ts). */
  bias: number;
  /** Cutting and classifying the taught crops into the reader's cache: the reader is adapted after this. */
  adaptMs: number;
  /** The process's CPU time over the same span (all threads), ms. */
  adaptCpuMs: number;
  /** Where the last layer was tuned: which of its answers the guard kept (tune.ts USES), and each use's score on the replays. */
  tuned?: { use: Use; scores?: number[]; better?: number[]; worse?: number[] };
  /** The sureness the app shows (leave-one-roll-out), and its time on top of adaptMs. */
  sure: Sureness;
  sureMs: number;
}

/** The reader adapted to `taught`, timed. */
export function adapt(cv: Cv, models: Models, taught: TaughtDie[], parts: AdaptParts = APP_PARTS): Adapted {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const looked = look(cv, models.classifier, taught, tunesNet(parts) ? trainingVariants : variants);
  const w = { parts, cache: CACHE_DEFAULTS, base: headOf(models.classifier) };
  const made = adapterOf(looked, w);
  const { adapter, bias, tuned } = made;
  const t1 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  const sure = sureness(looked, w, made);
  return { adapter, bias, adaptMs: t1 - t0, adaptCpuMs: (cpu.user + cpu.system) / 1000, ...(tuned ? { tuned: { use: tuned.use, ...(tuned.scores ? { scores: tuned.scores, better: tuned.better, worse: tuned.worse } : {}) } } : {}), sure, sureMs: performance.now() - t1 };
}

/** Photos read with a set taught elsewhere: a taught set must not make another table worse. */
export interface CheckSet {
  name: string;
  photos: () => Iterable<LabelledFrame>;
}

export interface Scored {
  set: string;
  without: SetScore;
  with: SetScore;
}

export interface AdaptResult extends Scored {
  n: number;
  /** Whole rolls taught after the N dice because the dialog asked for one more (--asked-rolls). */
  asked: number;
  taught: Omit<Taught, 'dice'> & { dice: number };
  adaptMs: number;
  adaptCpuMs: number;
  bias: number;
  tuned?: Adapted['tuned'];
  sure: Sureness;
  sureMs: number;
  /** The `checks` sets read with the set taught here. */
  checks: Scored[];
}

type Read = { score: ImageScore; ms: number };

/**
 * Reads `photos` once each: without a set, and with each of `adapters` whose photos it may score
 * (`from[k]`: the first list index adapter k may be scored on). Every N is scored in the same
 * pass, so each photo is decoded once and read without a set once.
 */
async function readAll(photos: Iterable<LabelledFrame>, adapters: Adapter[], from: number[], models: Models, thresholds: Partial<ReadThresholds>): Promise<{ without: Read[]; with: Read[] }[]> {
  const out = adapters.map(() => ({ without: [] as Read[], with: [] as Read[] }));
  for (const p of photos) {
    const wanted = adapters.map((_, k) => p.index >= from[k]);
    if (!wanted.some(Boolean)) continue;
    const r0 = await read(p.frame, { models, thresholds });
    const plain = { score: scoreImage(r0.dice, p.labels), ms: r0.elapsedMs };
    for (const [k, adapter] of adapters.entries()) {
      if (!wanted[k]) continue;
      const r1 = await read(p.frame, { models, thresholds, adapter });
      out[k].without.push(plain);
      out[k].with.push({ score: scoreImage(r1.dice, p.labels), ms: r1.elapsedMs });
    }
  }
  return out;
}

const scored = (set: string, r: { without: Read[]; with: Read[] }): Scored => ({ set, without: scoreSet(r.without), with: scoreSet(r.with) });

/**
 * One set, each N: teach from its first photos, then read the photos after the taught ones
 * without and with the set (each N scored only after its own last taught photo), and each
 * `checks` set too. Where the taught rolls show the teaching dialog too few places without a die
 * (vision/adapt/bias.ts wantsMorePlaces), up to `askedRolls` more whole photos are taught, one at a
 * time, as players would teach the roll it asks for. `photos(from)` yields the set's photos from
 * list index `from` on, decoded with their labels (skipping any that fail).
 */
export async function adaptRuns(
  cv: Cv,
  models: Models,
  set: string,
  photos: (from: number) => Iterable<LabelledFrame>,
  ns: number[],
  thresholds: Partial<ReadThresholds>,
  checks: CheckSet[] = [],
  parts: AdaptParts = APP_PARTS,
  askedRolls = 0,
): Promise<AdaptResult[]> {
  const taught: Taught[] = [];
  const adapted: Adapted[] = [];
  const asked: number[] = [];
  for (const n of ns) {
    const first = await teachUpTo(cv, models, photos(0), n, thresholds);
    const t = first.taught;
    let open = first.open;
    let a = adapt(cv, models, t.dice, parts);
    let more = 0;
    for (; more < askedRolls && wantsMorePlaces(t.dice, a.sure); more++) {
      if (!(await teachNextRoll(cv, models, open, photos(t.last + 1), thresholds, t))) break;
      open = undefined;
      a = adapt(cv, models, t.dice, parts);
    }
    taught.push(t);
    adapted.push(a);
    asked.push(more);
  }
  const adapters = adapted.map((a) => a.adapter);
  const from = taught.map((t) => t.last + 1);
  const rest = await readAll(photos(Math.min(...from)), adapters, from, models, thresholds);
  const checked: Scored[][] = ns.map(() => []);
  for (const c of checks) {
    const r = await readAll(c.photos(), adapters, adapters.map(() => 0), models, thresholds);
    r.forEach((x, k) => checked[k].push(scored(c.name, x)));
  }
  return ns.map((n, k) => {
    const { dice, ...t } = taught[k];
    const a = adapted[k];
    return { ...scored(set, rest[k]), n, asked: asked[k], taught: { ...t, dice: dice.length }, adaptMs: a.adaptMs, adaptCpuMs: a.adaptCpuMs, bias: a.bias, ...(a.tuned ? { tuned: a.tuned } : {}), sure: a.sure, sureMs: a.sureMs, checks: checked[k] };
  });
}
