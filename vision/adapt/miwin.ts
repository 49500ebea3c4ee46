/**
 * Teaching the reader a table's own Miwin dice (issue 18, item 3): which die is which by the
 * colour of its pips under the players' light. From the taught dice's patches it learns the
 * light's colour (their white bodies as the camera sees them; the reader balances each frame by
 * it before it looks for dice, which it finds by their light, little-saturated bodies) and each
 * die's pip colour on its white-balanced face; the reader then takes a die for the one whose
 * taught pips are nearest (vision/miwin/read.ts `taught`). The value stays the network's and
 * the pip count's, among the faces of that die. Nothing is trained: a few means, in milliseconds.
 */
import type { Frame, Rgb } from '../types.ts';
import { findBodies, DEFAULT_BODY, type Body } from '../miwin/bodies.ts';
import { balanced, measureColours, pipTint } from '../miwin/crop.ts';
import type { MiwinClassifier } from '../miwin/classifier.ts';
import { MIWIN_DICE, type MiwinDie } from '../miwin/dice.ts';
import { readMiwin, type TaughtLook } from '../miwin/read.ts';
import { DiceSetError, type DiceSet, type Sureness } from './dice-set.ts';
import { patchFrame } from './sample.ts';

/** A taught Miwin die's patch as the reader would see it. */
export interface MiwinLooked {
  roll: number;
  die: MiwinDie;
  value: number;
  frame: Frame;
  /** The die's side in the patch, px. */
  side: number;
  /** Its white body's colour under the players' light. */
  white: Rgb;
}

export function lookMiwin(set: DiceSet): MiwinLooked[] {
  return set.dice.flatMap((d) => {
    if (!d.die) return [];
    const { frame, side } = patchFrame(d.patch);
    const c = frame.width / 2;
    const box: [number, number, number, number] = [Math.round(c - side / 2), Math.round(c - side / 2), Math.round(side), Math.round(side)];
    return [{ roll: d.roll, die: d.die, value: d.value, frame, side, white: measureColours(frame, box).body }];
  });
}

const mean = (cs: Rgb[]): Rgb => [0, 1, 2].map((ch) => Math.round(cs.reduce((s, c) => s + c[ch], 0) / cs.length)) as Rgb;

/** The die body in the middle of a patch, as the reader finds it; null where it finds none whole. */
function bodyOf(frame: Frame, side: number): Body | null {
  const c = frame.width / 2;
  const near = findBodies(frame, DEFAULT_BODY)
    .filter((b) => !b.problem && Math.hypot(b.centre[0] - c, b.centre[1] - c) < side / 2)
    .sort((a, b) => Math.hypot(a.centre[0] - c, a.centre[1] - c) - Math.hypot(b.centre[0] - c, b.centre[1] - c));
  return near[0] ?? null;
}

/** What `looked` teach: the light, and each die's pips; or the dice not taught (none of them clearly in view). */
function taughtOrMissing(looked: MiwinLooked[]): TaughtLook | MiwinDie[] {
  if (looked.length === 0) return [...MIWIN_DICE];
  const light = mean(looked.map((l) => l.white));
  const tints: Partial<Record<MiwinDie, Rgb[]>> = {};
  for (const l of looked) {
    const frame = balanced(l.frame, light);
    const body = bodyOf(frame, l.side);
    if (body) (tints[l.die] ??= []).push(pipTint(frame, body));
  }
  const missing = MIWIN_DICE.filter((d) => !tints[d]?.length);
  if (missing.length) return missing;
  return { light, pips: Object.fromEntries(MIWIN_DICE.map((d) => [d, mean(tints[d]!)])) as Record<MiwinDie, Rgb> };
}

/** What `looked` teach: the light, and each die's pips; null while a die is missing from them. */
export function teachMiwin(looked: MiwinLooked[]): TaughtLook | null {
  const t = taughtOrMissing(looked);
  return Array.isArray(t) ? null : t;
}

/** Whether the reader takes the die in the middle of the patch for the right die with the right value. */
function readRight(classifier: MiwinClassifier, l: MiwinLooked, taught?: TaughtLook): boolean {
  const c = l.frame.width / 2;
  const near = readMiwin(l.frame, classifier, { taught }).dice.filter((d) => Math.hypot(d.centre[0] - c, d.centre[1] - c) < l.side / 2);
  return near.length === 1 && near[0].miwin === l.die && near[0].value === l.value;
}

/**
 * How sure a Miwin set makes the reader, on the taught dice: read right (which die and value)
 * by the plain reader, and with what the other rolls taught (each roll left out in turn; with
 * one roll, nothing is left to teach, so after = before).
 */
export function miwinSureness(classifier: MiwinClassifier, looked: MiwinLooked[]): Sureness {
  const rolls = [...new Set(looked.map((l) => l.roll))];
  const before = looked.filter((l) => readRight(classifier, l)).length;
  const after = looked.filter((l) => {
    const taught = rolls.length > 1 ? teachMiwin(looked.filter((o) => o.roll !== l.roll)) : null;
    return readRight(classifier, l, taught ?? undefined);
  }).length;
  return { dice: looked.length, rolls: rolls.length, before, after };
}

/**
 * The reader's view of a stored Miwin set, made again from its kept patches every time (it costs
 * milliseconds), with the set as it now stands: each die's and each taught die's pip colour,
 * and its sureness. Refused, saying why, while one of the three dice was never taught.
 */
export function prepareMiwin(classifier: MiwinClassifier, set: DiceSet): { taught: TaughtLook; set: DiceSet } {
  if (set.kind !== 'miwin') throw new Error(`prepareMiwin: a ${set.kind} dice set does not adapt the Miwin reader`);
  const looked = lookMiwin(set);
  const taught = taughtOrMissing(looked);
  if (Array.isArray(taught)) {
    const which = taught.join(', ');
    throw new DiceSetError({
      de: `Jeder der drei Würfel muss mindestens einmal angelernt sein, gut erkennbar; es fehlt: ${which}.`,
      en: `Each of the three dice must be taught at least once, clearly in view; missing: ${which}.`,
    });
  }
  const dice = set.dice.map((d) => {
    if (!d.die) return d;
    const { frame, side } = patchFrame(d.patch);
    const seen = balanced(frame, taught.light);
    const body = bodyOf(seen, side);
    return body ? { ...d, pips: pipTint(seen, body) } : d;
  });
  return { taught, set: { ...set, dice, taughtOn: null, pipColours: taught.pips, sure: miwinSureness(classifier, looked) } };
}
