import { applyHomography, homographyFrom, invertHomography, type Homography, type Point } from '../board/homography.ts';
import type { Frame, Rgb } from '../types.ts';
import type { Random } from './random.ts';

/**
 * A scene is flat: everything lies on the table plane, in millimetres. A layer paints over what
 * lies beneath it at one table point (so shadows and translucent things compose), and the camera
 * is a homography from table millimetres to image pixels. Rendering inverts that map per pixel,
 * so perspective comes for free and nothing needs a canvas or a DOM.
 */
export type Layer = (x: number, y: number, under: Rgb) => Rgb;

export interface SceneOptions {
  width: number;
  height: number;
  /** Table millimetres to image pixels. */
  camera: Homography;
  table: Rgb;
  layers: Layer[];
  /** Samples per pixel edge (2 = four samples a pixel): soft edges like a real lens. */
  supersample?: number;
  /** Brightness falls off from the image centre to the corners by this fraction (vignetting). */
  vignette?: number;
  /** A linear light gradient across the image: [gain at left, gain at right]. */
  light?: [number, number];
  /** Standard deviation of sensor noise in levels, drawn from `rng`. */
  noise?: number;
  rng?: Random;
  time?: number;
}

export function renderScene(o: SceneOptions): Frame {
  const { width, height } = o;
  const toTable = invertHomography(o.camera);
  const ss = o.supersample ?? 2;
  const data = new Uint8ClampedArray(width * height * 4);
  const [l0, l1] = o.light ?? [1, 1];
  const vig = o.vignette ?? 0;
  const diag = Math.hypot(width / 2, height / 2);
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const [x, y] = applyHomography(toTable, [px + (sx + 0.5) / ss, py + (sy + 0.5) / ss]);
          let c: Rgb = o.table;
          for (const layer of o.layers) c = layer(x, y, c);
          r += c[0];
          g += c[1];
          b += c[2];
        }
      }
      const gain =
        (l0 + ((l1 - l0) * px) / width) * (1 - (vig * Math.hypot(px - width / 2, py - height / 2)) / diag) / (ss * ss);
      const i = (py * width + px) * 4;
      const n = o.noise && o.rng ? o.noise : 0;
      data[i] = r * gain + (n ? gauss(o.rng!) * n : 0);
      data[i + 1] = g * gain + (n ? gauss(o.rng!) * n : 0);
      data[i + 2] = b * gain + (n ? gauss(o.rng!) * n : 0);
      data[i + 3] = 255;
    }
  }
  return { width, height, data, time: o.time ?? 0 };
}

export function gauss(rng: Random): number {
  const u = Math.max(rng.next(), 1e-9);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/**
 * A camera over the table: the table rectangle `view` (x, y, w, h in mm) fills the image, tilted
 * by moving the image corners inward by up to `tilt` of the image size (a camera looking at the
 * table at an angle), and turned by `turn` radians about the image centre.
 */
export function cameraOver(
  view: [number, number, number, number],
  width: number,
  height: number,
  opts: { tilt?: [number, number, number, number]; turn?: number } = {},
): Homography {
  const [vx, vy, vw, vh] = view;
  const t = opts.tilt ?? [0, 0, 0, 0];
  const a = opts.turn ?? 0;
  const cx = width / 2;
  const cy = height / 2;
  const corners: Point[] = [
    [t[0] * width, 0],
    [width - t[1] * width, 0],
    [width - t[2] * width, height],
    [t[3] * width, height],
  ].map(([x, y]) => [cx + (x - cx) * Math.cos(a) - (y - cy) * Math.sin(a), cy + (x - cx) * Math.sin(a) + (y - cy) * Math.cos(a)]);
  return homographyFrom([[vx, vy], [vx + vw, vy], [vx + vw, vy + vh], [vx, vy + vh]], corners);
}
