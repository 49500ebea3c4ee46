/**
 * The ghost renders' lists by kind (models/synth/scene/ghosts.ts): writes DIR/KIND.txt, the image
 * names of the frames of that kind, for `schiri eval DIR/images DIR/labels --list DIR/KIND.txt`.
 *   npx tsx models/ghosts/kinds.ts DIR
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameMeta } from '../synth/labels.ts';
import { GHOST_KINDS } from '../synth/scene/ghosts.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: npx tsx models/ghosts/kinds.ts DIR');
  process.exit(2);
}
const byKind = new Map<string, string[]>(GHOST_KINDS.map((k) => [k, []]));
for (const f of readdirSync(join(dir, 'meta')).filter((n) => n.endsWith('.json')).sort()) {
  const meta = JSON.parse(readFileSync(join(dir, 'meta', f), 'utf8')) as FrameMeta;
  byKind.get(meta.focusKind ?? '')?.push(f.replace(/\.json$/, '.jpg'));
}
for (const [kind, names] of byKind) writeFileSync(join(dir, `${kind}.txt`), names.map((n) => `${n}\n`).join(''));
console.error([...byKind].map(([k, n]) => `${k} ${n.length}`).join(', '));
