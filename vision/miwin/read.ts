import type { DieReading, Frame, Reading } from '../types.ts';
import { DEFAULT_BODY, findBodies, type BodyOptions } from './bodies.ts';
import { CROP, cropDie, measureColours } from './crop.ts';
import type { MiwinClassifier } from './classifier.ts';
import { MIWIN_PIP_COLOUR } from './dice.ts';

export interface MiwinReadOptions {
  body: BodyOptions;
  /** Below this confidence a die is "unreadable" rather than a guess. */
  minConfidence: number;
}

export const MIWIN_READ_DEFAULTS: MiwinReadOptions = { body: DEFAULT_BODY, minConfidence: 0.8 };


/** Reads every Miwin die in a frame: which die it is (pip colour) and its value (pip count). */
export function readMiwin(frame: Frame, classifier: MiwinClassifier, options: Partial<MiwinReadOptions> = {}): Reading {
  const o = { ...MIWIN_READ_DEFAULTS, ...options };
  const t0 = performance.now();
  const found = findBodies(frame, o.body);
  const bodies = found.filter((b) => b.problem !== 'too-big');
  const readable = bodies.filter((b) => !b.problem);
  const per = CROP * CROP * 3;
  const crops = new Float32Array(readable.length * per);
  readable.forEach((b, i) => crops.set(cropDie(frame, b.box), i * per));
  const guesses = classifier.classify(crops);
  const dice: DieReading[] = bodies.map((b) => {
    const colours = measureColours(frame, b.box);
    const base = { box: b.box, centre: b.centre, body: { name: 'white', rgb: colours.body } };
    if (b.problem) return { ...base, value: null, confidence: 0, pips: { name: 'unknown', rgb: colours.pips }, unreadable: b.problem };
    const g = guesses[readable.indexOf(b)];
    const reading: DieReading = { ...base, value: g.value, confidence: g.confidence, pips: { name: MIWIN_PIP_COLOUR[g.die], rgb: colours.pips }, miwin: g.die };
    return g.confidence >= o.minConfidence ? reading : { ...reading, value: null, unreadable: 'unsure' };
  });
  // Something light and far bigger than a die (a sleeve, a sheet) is in view: not a settled table.
  const obstructed = found.length > bodies.length;
  return { dice, obstructed, elapsedMs: performance.now() - t0, time: frame.time };
}
