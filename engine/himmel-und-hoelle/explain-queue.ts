/** What the search's queue orders its positions by. */
export interface Ranked {
  /** Cost so far plus the lower bound (weighted). */
  f: number;
  /** AP spent so far. */
  g: number;
  /** Battles begun so far. */
  battle: number;
  /** Steps the active dice still have to walk at least. */
  rest: number;
  depth: number;
}

/**
 * The open positions of the search, cheapest first (a binary heap). Ties: the greedy search goes
 * on from the position furthest through the battles, then the deeper and nearer one.
 */
export class Heap<T extends Ranked> {
  private items: T[] = [];
  get size() {
    return this.items.length;
  }
  constructor(private readonly battlesFirst: boolean) {}
  private less(a: T, b: T) {
    if (a.f !== b.f) return a.f < b.f;
    // The greedy search goes on from the position furthest through the battles: after the last
    // one, the rest is mostly single goes (completeByGoes).
    if (this.battlesFirst && a.battle !== b.battle) return a.battle > b.battle;
    if (a.g !== b.g) return a.g > b.g;
    if (a.rest !== b.rest) return a.rest < b.rest;
    return a.depth > b.depth;
  }
  push(n: T) {
    const h = this.items;
    h.push(n);
    for (let i = h.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i], h[p])) break;
      [h[i], h[p]] = [h[p], h[i]];
      i = p;
    }
  }
  peek(): T | undefined {
    return this.items[0];
  }
  pop(): T | undefined {
    const h = this.items;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last) {
      h[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.less(h[l], h[m])) m = l;
        if (r < h.length && this.less(h[r], h[m])) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m], h[i]];
        i = m;
      }
    }
    return top;
  }
}
