import type { DieReading, Frame, Reading } from '../types.ts';
import { DEFAULT_BODY, findBodies, type Body, type BodyOptions } from './bodies.ts';
import { analyseFace, PIP_CROP } from '../classify/pips.ts';
import { CROP, cropDie, measureColours } from './crop.ts';
import type { MiwinClassifier } from './classifier.ts';
import { MIWIN_PIP_COLOUR } from './dice.ts';
import { nameColour } from '../colour/names.ts';

export interface MiwinReadOptions {
  body: BodyOptions;
}

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
 * wrong answers into refusals (models/miwin/README.md).
 */
export function readMiwin(frame: Frame, classifier: MiwinClassifier, options: Partial<MiwinReadOptions> = {}): Reading {
  const o = { ...MIWIN_READ_DEFAULTS, ...options };
  const t0 = performance.now();
  const found = findBodies(frame, o.body);
  const bodies = found.filter((b) => b.problem !== 'too-big');
  const readable = bodies.filter((b) => !b.problem);
  const per = CROP * CROP * 3;
  const crops = new Float32Array(readable.length * per);
  readable.forEach((b, i) => crops.set(cropDie(frame, b), i * per));
  const guesses = classifier.classify(crops);
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
