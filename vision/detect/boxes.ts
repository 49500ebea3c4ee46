/** Axis-aligned boxes [x, y, w, h] in pixels, and the overlap measures the reader and eval share. */
export type Box = [number, number, number, number];

function intersection(a: Box, b: Box): number {
  const x0 = Math.max(a[0], b[0]);
  const y0 = Math.max(a[1], b[1]);
  const x1 = Math.min(a[0] + a[2], b[0] + b[2]);
  const y1 = Math.min(a[1] + a[3], b[1] + b[3]);
  return Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
}

export function iou(a: Box, b: Box): number {
  const inter = intersection(a, b);
  const union = a[2] * a[3] + b[2] * b[3] - inter;
  return union > 0 ? inter / union : 0;
}

/** The share of the smaller box that the two have in common: 1 when one lies inside the other. */
export function overlapOfSmaller(a: Box, b: Box): number {
  const smaller = Math.min(a[2] * a[3], b[2] * b[3]);
  return smaller > 0 ? intersection(a, b) / smaller : 0;
}

/** Whether two boxes are round one die: the centre of either lies inside the other. */
export function roundOneDie(a: Box, b: Box): boolean {
  const inside = ([x, y, w, h]: Box, [cx, cy]: [number, number]) => cx >= x && cx <= x + w && cy >= y && cy <= y + h;
  const centre = ([x, y, w, h]: Box): [number, number] => [x + w / 2, y + h / 2];
  return inside(a, centre(b)) || inside(b, centre(a));
}

/** Whether two boxes share any area: a box that touches a die is no clear example of a place without one. */
export function overlap(a: Box, b: Box): boolean {
  return intersection(a, b) > 0;
}
