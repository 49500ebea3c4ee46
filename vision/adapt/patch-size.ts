/** The size of a taught die's patch, apart from the OpenCV code that cuts it (patch.ts), so plain-JS code (sample.ts, dice-set.ts) needs none of it. */
export const PATCH = 72;
/**
 * Patch side over the die's side: room for a crop turned 45 degrees (1.3 x 1.41 = 1.84), and
 * PATCH / SPAN = CROP / CONTEXT (72 / 1.95 = 48 / 1.3), so the patch samples the frame on the
 * reader's own crop grid and its quarter-turn crops are the reader's crops pixel for pixel: a
 * die taught just under the die bar is just under it for teaching too (with 1.9 the crops cut
 * again were a little softer: a die under the bar in the frame read 0.918 from its patch).
 */
export const SPAN = 1.95;
export const PATCH_BYTES = PATCH * PATCH * 3;
