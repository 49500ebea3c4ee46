/**
 * Connected components of a binary mask (4-connectivity), with what marker finding and die
 * finding need of each: pixel count, bounding box, centroid, and whether it touches the border.
 */
export interface Component {
  label: number;
  area: number;
  /** x0, y0, x1, y1 inclusive. */
  box: [number, number, number, number];
  sumX: number;
  sumY: number;
  touchesBorder: boolean;
}

export interface Labelling {
  labels: Int32Array;
  components: Component[];
}

/** Labels every pixel where `mask[i] === value`; other pixels get -1. */
export function label(mask: Uint8Array, width: number, height: number, value = 1): Labelling {
  const labels = new Int32Array(width * height).fill(-1);
  const components: Component[] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== value || labels[start] !== -1) continue;
    const c: Component = { label: components.length, area: 0, box: [width, height, -1, -1], sumX: 0, sumY: 0, touchesBorder: false };
    labels[start] = c.label;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      c.area++;
      c.sumX += x;
      c.sumY += y;
      if (x < c.box[0]) c.box[0] = x;
      if (y < c.box[1]) c.box[1] = y;
      if (x > c.box[2]) c.box[2] = x;
      if (y > c.box[3]) c.box[3] = y;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) c.touchesBorder = true;
      if (x > 0) visit(i - 1);
      if (x < width - 1) visit(i + 1);
      if (y > 0) visit(i - width);
      if (y < height - 1) visit(i + width);
    }
    components.push(c);
  }
  return { labels, components };

  function visit(j: number) {
    if (mask[j] === value && labels[j] === -1) {
      labels[j] = components.length;
      stack.push(j);
    }
  }
}

/** Luma (BT.601) of an RGBA buffer. */
export function grey(data: Uint8ClampedArray, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let i = 0, j = 0; j < out.length; i += 4, j++) out[j] = (data[i] * 77 + data[i + 1] * 150 + data[i + 2] * 29) >> 8;
  return out;
}

/** 1 where a pixel is darker than `ratio` of the mean of the `win` x `win` window around it. */
export function darkerThanSurroundings(g: Uint8Array, width: number, height: number, win: number, ratio: number): Uint8Array {
  const w1 = width + 1;
  const integral = new Float64Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += g[y * width + x];
      integral[(y + 1) * w1 + x + 1] = integral[y * w1 + x + 1] + row;
    }
  }
  const r = win >> 1;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const sum = integral[y1 * w1 + x1] - integral[y0 * w1 + x1] - integral[y1 * w1 + x0] + integral[y0 * w1 + x0];
      out[y * width + x] = g[y * width + x] * (x1 - x0) * (y1 - y0) < sum * ratio ? 1 : 0;
    }
  }
  return out;
}
