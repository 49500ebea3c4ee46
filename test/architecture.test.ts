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
];

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
