import type { Frame, Unreadable } from '../types.ts';
import { grey, label, type Component } from '../board/components.ts';
import { otsuBin } from '../otsu.ts';

/** A light die body found on a darker table. */
export interface Body {
  /** x, y, w, h in image pixels. */
  box: [number, number, number, number];
  centre: [number, number];
  /** Pixels of the body itself (pips not counted). */
  area: number;
  /** The die's turn in the image, radians in [0, pi/2): a square looks the same every quarter turn. */
  angle: number;
  /** Edge of the die's top face in pixels, from the box and the turn. */
  edge: number;
  /** Why it cannot be read as one die, where it cannot. */
  problem?: Extract<Unreadable, 'touching' | 'cut-off' | 'too-big'>;
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
  const { labels, components } = label(mask, width, height, 1);
  for (const c of components) {
    const w = c.box[2] - c.box[0] + 1;
    const h = c.box[3] - c.box[1] + 1;
    const edge = Math.sqrt(c.area * 1.1);
    if (edge < o.minEdge || Math.max(w, h) < o.minEdge) continue;
    const angle = squareTurn(labels, width, c);
    const side = Math.max(w, h) / (Math.abs(Math.cos(angle)) + Math.abs(Math.sin(angle)));
    const body: Body = { box: [c.box[0], c.box[1], w, h], centre: [c.box[0] + w / 2, c.box[1] + h / 2], area: c.area, angle, edge: side };
    if (edge > 3 * o.maxEdge) body.problem = 'too-big';
    else if (c.touchesBorder) body.problem = 'cut-off';
    else if (edge > o.maxEdge || Math.max(w, h) > 1.6 * o.maxEdge || w / h > 1.7 || h / w > 1.7) body.problem = 'touching';
    out.push(body);
  }
  return out;
}

/**
 * A square's turn from its fourth-order moment: summed over its pixels, (dx + i dy)^4 points
 * along four times the direction of its corners, whatever the pips cut out of it (they lie
 * symmetric enough). Corners at 45 degrees mean no turn.
 */
function squareTurn(labels: Int32Array, width: number, c: Component): number {
  const cx = c.sumX / c.area;
  const cy = c.sumY / c.area;
  let re = 0;
  let im = 0;
  for (let y = c.box[1]; y <= c.box[3]; y++) {
    for (let x = c.box[0]; x <= c.box[2]; x++) {
      if (labels[y * width + x] !== c.label) continue;
      const dx = x - cx;
      const dy = y - cy;
      const r2 = dx * dx - dy * dy;
      const i2 = 2 * dx * dy;
      re += r2 * r2 - i2 * i2;
      im += 2 * r2 * i2;
    }
  }
  const turn = (Math.atan2(im, re) - Math.PI) / 4;
  const q = Math.PI / 2;
  return ((turn % q) + q) % q;
}

/** Otsu's threshold of a grey image: the split that best separates table from dice. */
function otsu(g: Uint8Array): number {
  const hist = new Float64Array(256);
  for (const v of g) hist[v]++;
  return otsuBin(hist);
}
