/** The size of a taught die's patch, apart from the OpenCV code that cuts it (patch.ts), so plain-JS code (sample.ts, dice-set.ts) needs none of it. */
export const PATCH = 72;
/** Patch side over the die's side: room for a crop turned 45 degrees (1.3 x 1.41 = 1.84). */
export const SPAN = 1.9;
export const PATCH_BYTES = PATCH * PATCH * 3;
