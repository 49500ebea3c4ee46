/**
 * What the page measures in the rendered frame, per die and per prop: the labels' raw material.
 * Pixel coordinates: x right, y down, (0, 0) the top-left corner of the top-left pixel.
 */
import type { Vec2 } from './spec.ts';

/** [x0, y0, x1, y1] in pixels. */
export type Box = [number, number, number, number];

export interface FaceSeen {
  value: number;
  /** The face's square (the die's full edge) projected into the picture. */
  polygon: Vec2[];
  /** Pixels of this face that are seen (not covered, inside the picture). */
  pixels: number;
  /** pixels / the projected square's area. */
  visible: number;
}

export interface DieSeen {
  /** Bounding box of the whole die's projection (top and sides), not clipped to the picture. */
  box: Box;
  /** Area of the die's projected outline (its convex hull), px². */
  area: number;
  /** Pixels of the die that are seen. */
  pixels: number;
  /** Bounding box of the pixels seen; null when none are. */
  seenBox: Box | null;
  top: FaceSeen;
  /** Side faces with at least one pixel seen. */
  sides: FaceSeen[];
}

export interface PropSeen {
  box: Box | null;
  pixels: number;
}

export interface Rendered {
  /** JPEG, base64. */
  jpeg: string;
  dice: DieSeen[];
  props: PropSeen[];
  /** Milliseconds the page spent: building, drawing, post, encoding, labelling. */
  timing: Record<string, number>;
}

/** What the page puts on `globalThis.synth`. */
export interface SynthPage {
  render(spec: import('./spec.ts').SceneSpec): Rendered;
  addImage(key: string, dataUrl: string): Promise<void>;
  /** Builds the scene once and draws it n times: milliseconds a draw (benchmarks). */
  profile(spec: import('./spec.ts').SceneSpec, n: number): number;
}
