import { describe, expect, it } from 'vitest';
import { loadCv } from '../../vision/detect/opencv.ts';
import { findSpots, layoutFits, measureLayout } from '../../vision/classify/layout.ts';
import { vetoedByLayout } from '../../vision/read.ts';
import { drawFace, LAYOUT } from './faces.ts';

/** A face with pips at `pips`, turned by `turn` radians, pips of radius `r`: dark pips on ivory. */
const face = (pips: [number, number][], turn = 0, r = 0.075): Uint8Array => drawFace(pips, [235, 230, 215], [30, 25, 25], turn, r);

const cv = await loadCv();
const measure = (crop: Uint8Array) => measureLayout(findSpots(cv, crop, [235, 230, 215]));
const loose = { tolerance: 0.2, sizeRatio: 3 };

describe('the pip layout of a face', () => {
  it('finds every face as a clean layout of its count, upright and turned', () => {
    for (let v = 1; v <= 6; v++) {
      for (const turn of [0, 0.4, 1.1]) {
        const m = measure(face(LAYOUT[v], turn));
        expect(m.count, `value ${v} turned ${turn}`).toBe(v);
        expect(layoutFits(m, loose), `value ${v} turned ${turn}`).toBe(true);
      }
    }
  });

  it('finds no clean face where the pips do not lie as one', () => {
    // Three pips bent out of line, four in an L, a five without its centre pip off-centre, a six whose middles stray.
    expect(layoutFits(measure(face([[0.27, 0.27], [0.6, 0.35], [0.73, 0.73]])), loose)).toBe(false);
    expect(layoutFits(measure(face([[0.25, 0.25], [0.25, 0.5], [0.25, 0.75], [0.6, 0.75]])), loose)).toBe(false);
    expect(layoutFits(measure(face([[0.27, 0.27], [0.73, 0.27], [0.35, 0.45], [0.27, 0.73], [0.73, 0.73]])), loose)).toBe(false);
    expect(layoutFits(measure(face([[0.27, 0.25], [0.73, 0.25], [0.35, 0.5], [0.6, 0.5], [0.27, 0.75], [0.73, 0.75]])), loose)).toBe(false);
  });

  it('vetoes a value that a clean face of four or more other pips contradicts, and only when asked', () => {
    const four = measure(face(LAYOUT[4], 0.3));
    expect(vetoedByLayout(four, 5, 0.15)).toBe(true);
    expect(vetoedByLayout(four, 4, 0.15)).toBe(false);
    expect(vetoedByLayout(four, 5, 0)).toBe(false);
    expect(vetoedByLayout(undefined, 5, 0.15)).toBe(false);
    // Two large pips on the diagonal are a clean 2, but one or two blobs are not judged (LAYOUT_LEAST_PIPS).
    const two = measure(face(LAYOUT[2], 0.3, 0.11));
    expect(layoutFits(two, loose)).toBe(true);
    expect(vetoedByLayout(two, 3, 0.15)).toBe(false);
  });
});
