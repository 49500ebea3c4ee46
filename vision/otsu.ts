/** Otsu's method on a 256-bin histogram: the bin that best splits it in two classes (between-class variance). */
export function otsuBin(hist: Float64Array): number {
  let total = 0;
  let sum = 0;
  for (let i = 0; i < 256; i++) {
    total += hist[i];
    sum += i * hist[i];
  }
  let wB = 0;
  let sumB = 0;
  let best = 0;
  let at = 0;
  for (let i = 0; i < 256; i++) {
    wB += hist[i];
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += i * hist[i];
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      at = i;
    }
  }
  return at;
}

/**
 * Otsu's threshold of non-negative values (distances, not bytes): a 256-bin histogram from 0 to
 * their maximum, split by `otsuBin`, the threshold at the middle of the chosen bin.
 */
export function otsuThreshold(values: Float32Array): number {
  const hist = new Float64Array(256);
  let max = 1e-6;
  for (const v of values) max = Math.max(max, v);
  for (const v of values) hist[Math.min(255, Math.floor((v / max) * 255))]++;
  return ((otsuBin(hist) + 0.5) / 255) * max;
}
