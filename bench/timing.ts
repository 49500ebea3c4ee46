export interface Timing {
  runs: number;
  medianMs: number;
  p95Ms: number;
  minMs: number;
}

/** Runs `fn` `runs` times after `warmup` untimed runs; percentiles of the wall time of each run. */
export async function time(fn: () => unknown, runs = 50, warmup = 3): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  return summarize(ms);
}

/** Median, 95th percentile and minimum of measured durations. */
export function summarize(samples: number[]): Timing {
  const ms = [...samples].sort((a, b) => a - b);
  const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))];
  return { runs: ms.length, medianMs: q(0.5), p95Ms: q(0.95), minMs: ms[0] };
}

/** The median of `xs`, as summarize takes it (the upper one of an even count). */
export const median = (xs: number[]): number => summarize(xs).medianMs;

export function fmt(t: Timing): string {
  const f = (x: number) => (x < 1 ? x.toFixed(3) : x.toFixed(1));
  return `median ${f(t.medianMs)} ms, p95 ${f(t.p95Ms)} ms, min ${f(t.minMs)} ms (${t.runs} runs)`;
}
