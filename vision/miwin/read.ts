import type { DieReading, Frame, Reading } from '../types.ts';
import { DEFAULT_BODY, findBodies, type Body, type BodyOptions } from './bodies.ts';
import { analyseFace, PIP_CROP } from '../classify/pips.ts';
import { balanced, CROP, cropDie, measureColours, pipTint } from './crop.ts';
import { best, type MiwinClassifier } from './classifier.ts';
import { MIWIN_CLASSES, MIWIN_DICE, MIWIN_PIP_COLOUR, type MiwinDie } from './dice.ts';
import type { Rgb } from '../types.ts';
import { nameColour } from '../colour/names.ts';

export interface MiwinReadOptions {
  body: BodyOptions;
  /** The players' dice under their light, as a dice set taught them (vision/adapt/miwin.ts); none: the trained colours. */
  taught?: TaughtLook;
}

/** What teaching tells the reader of one table's Miwin dice and light. */
export interface TaughtLook {
  /** What colour their light gives a die's white body: frames are balanced by it before dice are sought. */
  light: Rgb;
  /** Each die's pip colour on its white-balanced face (crop.ts `pipTint`): a die is the one its pips are nearest to. */
  pips: Record<MiwinDie, Rgb>;
}

/**
 * The die whose taught pip colour is nearest to `tint`, by hue alone (red and blue over the grey
 * of the same brightness): how bright pips look changes with their number and size and the
 * focus (a nine's pips blur together, a one's pip lies in white), their colour much less.
 */
export function nearestDie(pips: Record<MiwinDie, Rgb>, tint: Rgb): MiwinDie {
  const hue = ([r, g, b]: Rgb) => {
    const luma = 0.3 * r + 0.59 * g + 0.11 * b;
    return [r - luma, b - luma];
  };
  const [tr, tb] = hue(tint);
  const d = (c: Rgb) => {
    const [r, b] = hue(c);
    return (r - tr) ** 2 + (b - tb) ** 2;
  };
  return MIWIN_DICE.reduce((a, b) => (d(pips[b]) < d(pips[a]) ? b : a));
}

const CLASSES_OF = Object.fromEntries(MIWIN_DICE.map((die) => [die, MIWIN_CLASSES.flatMap((c, k) => (c.die === die ? [k] : []))])) as Record<MiwinDie, number[]>;

export const MIWIN_READ_DEFAULTS: MiwinReadOptions = { body: DEFAULT_BODY };

/**
 * The classical pip count of a die's upright face (vision/classify/pips.ts): blobs far from the
 * body colour. It knows no layouts, so it holds where the network has only seen others.
 */
export function pipCount(frame: Frame, body: Body): number {
  const f = cropDie(frame, body, 0, PIP_CROP);
  const bytes = new Uint8Array(f.length);
  for (let i = 0; i < f.length; i++) bytes[i] = Math.min(255, Math.round(f[i] * 212));
  return analyseFace(bytes).pips;
}

/**
 * Reads every Miwin die in a frame: which die it is (pip colour) and its value. A value is given
 * only where the network and the classical pip count agree; where they differ the die is
 * "unreadable (pips-disagree)": on rendered faces of a layout never trained on this turns 8 %
 * wrong answers into refusals (models/miwin/README.md). With a taught dice set (`taught`), the
 * frame is first balanced for the players' light and each die is told by its pips' colour.
 */
export function readMiwin(seen: Frame, classifier: MiwinClassifier, options: Partial<MiwinReadOptions> = {}): Reading {
  const o = { ...MIWIN_READ_DEFAULTS, ...options };
  const t0 = performance.now();
  const frame = o.taught ? balanced(seen, o.taught.light) : seen;
  const found = findBodies(frame, o.body);
  const bodies = found.filter((b) => b.problem !== 'too-big');
  const readable = bodies.filter((b) => !b.problem);
  const per = CROP * CROP * 3;
  const crops = new Float32Array(readable.length * per);
  readable.forEach((b, i) => crops.set(cropDie(frame, b), i * per));
  // Taught: which die by the pips' colour nearest to a taught one, its value the network's best face of that die.
  const guesses = classifier.probabilities(crops).map((p, i) => {
    if (!o.taught) return best(p, MIWIN_CLASSES.map((_, k) => k));
    return best(p, CLASSES_OF[nearestDie(o.taught.pips, pipTint(frame, readable[i]))]);
  });
  const dice: DieReading[] = bodies.map((b) => {
    const colours = measureColours(frame, b.box);
    const base = { box: b.box, centre: b.centre, body: nameColour(colours.body) };
    if (b.problem) return { ...base, value: null, confidence: 0, pips: nameColour(colours.pips), unreadable: b.problem };
    const g = guesses[readable.indexOf(b)];
    // The pip colour's name is the die's (the classifier's), the RGB what was measured.
    const reading: DieReading = { ...base, value: g.value, confidence: g.confidence, pips: { name: MIWIN_PIP_COLOUR[g.die], rgb: colours.pips }, miwin: g.die };
    return pipCount(frame, b) === g.value ? reading : { ...reading, value: null, unreadable: 'pips-disagree' };
  });
  // Something light and far bigger than a die (a sleeve, a sheet) is in view: not a settled table.
  const obstructed = found.length > bodies.length;
  return { dice, obstructed, elapsedMs: performance.now() - t0, time: frame.time };
}
