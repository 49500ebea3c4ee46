import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every file belongs to one process world (docs/conventions.md); this keeps the imports honest,
 * like Signal Desktop's lint rule: pure code stays runnable in both Node and the browser, the
 * renderer reaches Node only through the bridge.
 */
const ROOT = join(import.meta.dirname, '..');

function files(dir: string): string[] {
  const out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(join(ROOT, dir));
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = join(dir, e);
    if (statSync(join(ROOT, p)).isDirectory()) out.push(...files(p));
    else if (/\.(ts|svelte)$/.test(e) && !e.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function imports(file: string): string[] {
  const src = readFileSync(join(ROOT, file), 'utf8');
  const found: string[] = [];
  for (const m of src.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g)) found.push(m[1]);
  for (const m of src.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1]);
  return found;
}

const TARGET = (spec: string, file: string) => (spec.startsWith('.') ? relative(ROOT, join(ROOT, file, '..', spec)) : null);
const TOP = (spec: string, file: string) => TARGET(spec, file)?.split('/')[0] ?? null;
const NODE_ONLY = /^(node:|electron$|serialport|@serialport\/)/;

// hardware/core/ (lit sets, colours, layouts, power) is pure, so the renderer's virtual board and
// LED panel share it with the serial side instead of copying it.
const RULES: { dirs: string[]; forbidTop: string[]; forbidNode: boolean; allow?: string[] }[] = [
  { dirs: ['engine'], forbidTop: ['vision', 'renderer', 'electron', 'hardware', 'cli'], forbidNode: true },
  // The seeded rng is a game-free utility; the synthetic-dice renderer uses it for reproducible scenes.
  { dirs: ['vision'], forbidTop: ['engine', 'renderer', 'electron', 'hardware', 'cli'], forbidNode: true, allow: ['engine/core/rng.ts'] },
  { dirs: ['renderer'], forbidTop: ['electron', 'hardware', 'cli'], forbidNode: true, allow: ['hardware/core/'] },
  // Text and UserError are game-free too: one shape for what every layer tells a person.
  { dirs: ['hardware'], forbidTop: ['engine', 'vision', 'renderer', 'electron', 'cli'], forbidNode: false, allow: ['engine/core/text.ts'] },
  // The synthetic dice scenes: drawn in Node, rendered in Chromium. scene/ is pure and shared by
  // both; page/ runs inside Chromium (bundled by models/synth/bundle.ts) and reaches nothing else.
  {
    dirs: ['models/synth/scene'],
    forbidTop: ['renderer', 'electron', 'hardware', 'cli', 'models'],
    forbidNode: true,
    allow: ['models/synth/scene/'],
  },
  {
    dirs: ['models/synth/page'],
    forbidTop: ['engine', 'vision', 'renderer', 'electron', 'hardware', 'cli', 'models'],
    forbidNode: true,
    allow: ['models/synth/page/', 'models/synth/scene/', 'engine/core/rng.ts'],
  },
  { dirs: ['hardware/core'], forbidTop: ['engine', 'vision', 'renderer', 'electron', 'cli', 'hardware'], forbidNode: true, allow: ['hardware/core/', 'engine/core/text.ts'] },
  // The link between two tables: its server is Node; its client talks over the pure engine/link.
  { dirs: ['link'], forbidTop: ['vision', 'renderer', 'electron', 'hardware', 'cli'], forbidNode: false },
];

// The link's client is meant for the renderer too, so it stays free of Node as a pure world is.
const PURE_FILES = ['link/client.ts'];

describe('process worlds', () => {
  for (const rule of RULES) {
    for (const dir of rule.dirs) {
      it(`${dir}/ imports only what its world allows`, () => {
        const bad: string[] = [];
        for (const f of files(dir)) {
          for (const spec of imports(f)) {
            if (rule.forbidNode && NODE_ONLY.test(spec)) bad.push(`${f} -> ${spec}`);
            const top = TOP(spec, f);
            const allowed = rule.allow?.some((prefix) => TARGET(spec, f)?.startsWith(prefix));
            if (top && rule.forbidTop.includes(top) && !allowed) bad.push(`${f} -> ${spec}`);
          }
        }
        expect(bad).toEqual([]);
      });
    }
  }
});

describe('files shared with the renderer', () => {
  for (const f of PURE_FILES) {
    it(`${f} imports nothing of Node`, () => {
      expect(imports(f).filter((spec) => NODE_ONLY.test(spec) || /^(ws|aedes|selfsigned)$/.test(spec))).toEqual([]);
    });
  }
});

// Every folder of source, the lab's and the tests' too: a circle anywhere makes two modules one.
const SOURCES = ['engine', 'vision', 'renderer', 'electron', 'hardware', 'cli', 'link', 'models', 'bench', 'scripts', 'test'];

/** The file a relative import names, if it is one of `known` (an import may leave out `.ts`). */
function resolved(spec: string, file: string, known: Set<string>): string | null {
  const target = TARGET(spec, file);
  if (target === null) return null;
  for (const candidate of [target, `${target}.ts`, target.replace(/\.js$/, '.ts'), join(target, 'index.ts')]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/** The groups of files that import each other round a circle (Tarjan's strongly connected components). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || graph.get(v)!.includes(v)) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import circles', () => {
  it('no module imports itself round a circle, type imports included', () => {
    const all = SOURCES.flatMap((dir) => files(dir));
    const known = new Set(all);
    const graph = new Map(all.map((f) => [f, [...new Set(imports(f).flatMap((spec) => resolved(spec, f, known) ?? []))]]));
    expect(circles(graph).map((group) => group.join(' <-> '))).toEqual([]);
  });

  it('finds a circle of three and leaves a chain alone', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
