/**
 * How finely a square is first sampled before it is averaged down to its output size, apart from
 * the OpenCV code that cuts the reader's crops (crop.ts), so the plain-JS patch cutter
 * (adapt/sample.ts) cuts the same squares: a die much larger than the output is cut at about its
 * own resolution and then averaged down, since sampling it straight at the output's size would take
 * one pixel in `side / size` and alias its pips and grain, so a big die would look unlike the same
 * die seen small.
 */

/** The most source pixels an output pixel is averaged from along each side (a 12 MP photo's dice). */
const MAX_OVERSAMPLE = 8;

/** Output pixels are each the mean of this many squared fine samples (1: sampled straight). */
export function oversampling(side: number, size: number): number {
  const over = Math.min(MAX_OVERSAMPLE, Math.round(side / size));
  return over >= 2 ? over : 1;
}
