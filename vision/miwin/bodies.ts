import type { Frame } from '../types.ts';
import { grey, label } from '../board/components.ts';

/** A light die body found on a darker table. */
export interface Body {
  /** x, y, w, h in image pixels. */
  box: [number, number, number, number];
  centre: [number, number];
  /** Pixels of the body itself (pips not counted). */
  area: number;
  /** Why it cannot be read as one die, where it cannot. */
  problem?: 'touching' | 'cut-off' | 'too-big';
}

export interface BodyOptions {
  /** Die edge range in pixels that counts as one die. */
  minEdge: number;
  maxEdge: number;
}

/**
 * Miwin's dice have light bodies, so on a darker table a die is a bright, little-saturated blob;
 * its pips are holes in it, which the bounding box ignores. This stands in for the general die
 * detector (vision/detect/, built on real photos) until that one can be asked for Miwin's dice.
 * Two dice touching make one blob too big and too long for a die: reported, not guessed apart.
 * A light blob far bigger than any die (a sleeve, a sheet of paper) is reported as `too-big`.
 */
export const DEFAULT_BODY: BodyOptions = { minEdge: 9, maxEdge: 80 };

export function findBodies(frame: Frame, o: BodyOptions): Body[] {
  const { width, height, data } = frame;
  const g = grey(data, width, height);
  const threshold = otsu(g);
  const mask = new Uint8Array(width * height);
  for (let i = 0, j = 0; j < mask.length; i += 4, j++) {
    const max = Math.max(data[i], data[i + 1], data[i + 2]);
    const min = Math.min(data[i], data[i + 1], data[i + 2]);
    mask[j] = g[j] > threshold && max - min < 0.25 * max + 10 ? 1 : 0;
  }
  const out: Body[] = [];
  for (const c of label(mask, width, height, 1).components) {
    const w = c.box[2] - c.box[0] + 1;
    const h = c.box[3] - c.box[1] + 1;
    const edge = Math.sqrt(c.area * 1.1);
    if (edge < o.minEdge || Math.max(w, h) < o.minEdge) continue;
    const body: Body = { box: [c.box[0], c.box[1], w, h], centre: [c.box[0] + w / 2, c.box[1] + h / 2], area: c.area };
    if (edge > 3 * o.maxEdge) body.problem = 'too-big';
    else if (c.touchesBorder) body.problem = 'cut-off';
    else if (edge > o.maxEdge || Math.max(w, h) > 1.6 * o.maxEdge || w / h > 1.7 || h / w > 1.7) body.problem = 'touching';
    out.push(body);
  }
  return out;
}

/** Otsu's threshold of a grey image: the split that best separates table from dice. */
function otsu(g: Uint8Array): number {
  const hist = new Float64Array(256);
  for (const v of g) hist[v]++;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i];
  let wB = 0;
  let sumB = 0;
  let best = 0;
  let at = 127;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (wB === 0) continue;
    const wF = g.length - wB;
    if (wF === 0) break;
    sumB += t * hist[t];
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      at = t;
    }
  }
  return at;
}
