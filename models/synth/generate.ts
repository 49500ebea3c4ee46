/**
 * Renders a set of synthetic dice frames into a folder, resumable and cached:
 * - each frame depends only on (generator version, seed, index, frame size option), so a frame
 *   whose meta file already says so is kept, and a crashed run picks up where it stopped;
 * - the manifest (arguments + version) is written last: a rerun with the same arguments into a
 *   complete folder does nothing.
 * Files are written to a temporary name and renamed, the meta file last, so a frame is complete
 * exactly when its meta file exists.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { boardPicture } from './boards.ts';
import { launchRenderer, type Renderer } from './browser.ts';
import { frameMeta, yoloLines, type FrameMeta } from './labels.ts';
import { projectBoards } from './scene/boards.ts';
import { Draw } from './scene/random.ts';
import { sampleFocusScene, type Focus } from './scene/focus.ts';
import { MAX_TILT, sampleScene } from './scene/sample.ts';
import { GENERATOR_VERSION, type SceneSpec } from './scene/spec.ts';

export interface GenerateOptions {
  out: string;
  count: number;
  seed: number;
  /** Fixed frame size; both or neither. */
  width?: number;
  height?: number;
  /** The camera's largest tilt, degrees (sample.ts MAX_TILT when not given). */
  maxTilt?: number;
  /** Scenes drawn towards what the readers miss (scene/focus.ts) instead of the default draw. */
  focus?: Focus;
  /** Chromium instances rendering side by side. */
  workers: number;
  /** Renderers to use instead of launching `workers` new ones (left open). */
  renderers?: Renderer[];
  /** Progress lines go here (stderr in the CLI). */
  log?: (line: string) => void;
}

export interface Manifest {
  generator: 'models/synth';
  version: number;
  /** maxTilt only where it is not MAX_TILT, focus only where given, so renders made before the options stay complete. */
  args: { count: number; seed: number; width: number | null; height: number | null; maxTilt?: number; focus?: Focus };
}

export interface GenerateResult {
  rendered: number;
  kept: number;
  seconds: number;
  /** Seconds of wall time per rendered frame (all workers together). */
  perFrame: number;
  upToDate: boolean;
}

export const frameName = (index: number, count: number) => String(index).padStart(Math.max(5, String(count - 1).length), '0');

function manifestOf(o: GenerateOptions): Manifest {
  return { generator: 'models/synth', version: GENERATOR_VERSION, args: { count: o.count, seed: o.seed, width: o.width ?? null, height: o.height ?? null, ...drawArgs(o) } };
}

/** The tilt range and focus as a manifest or frame records them: nothing for the defaults. */
const drawArgs = (o: { maxTilt?: number; focus?: Focus }): { maxTilt?: number; focus?: Focus } => ({
  ...(o.maxTilt === undefined || o.maxTilt === MAX_TILT ? {} : { maxTilt: o.maxTilt }),
  ...(o.focus ? { focus: o.focus } : {}),
});

function writeAtomic(path: string, data: string | Buffer): void {
  writeFileSync(`${path}.tmp`, data);
  renameSync(`${path}.tmp`, path);
}

/** The scene of one frame: the same arguments always draw the same scene. */
function frameScene(o: GenerateOptions, index: number, boards: ReturnType<typeof projectBoards>): SceneSpec {
  const d = Draw.forFrame(o.seed, index);
  const opts = { width: o.width, height: o.height, boards, maxTilt: o.maxTilt };
  return o.focus ? sampleFocusScene(d, { ...opts, focus: o.focus, index }) : sampleScene(d, opts);
}

function frameDone(o: GenerateOptions, name: string, index: number): boolean {
  const meta = join(o.out, 'meta', `${name}.json`);
  if (!existsSync(meta) || !existsSync(join(o.out, 'images', `${name}.jpg`)) || !existsSync(join(o.out, 'labels', `${name}.txt`))) return false;
  try {
    const m = JSON.parse(readFileSync(meta, 'utf8')) as FrameMeta & { generator: { width: number | null; height: number | null; maxTilt?: number; focus?: Focus } };
    const g = m.generator;
    const args = drawArgs(o);
    const sameDraw = g.maxTilt === args.maxTilt && g.focus === args.focus;
    return g.version === GENERATOR_VERSION && g.seed === o.seed && g.index === index && g.width === (o.width ?? null) && g.height === (o.height ?? null) && sameDraw;
  } catch {
    return false;
  }
}

export async function generate(o: GenerateOptions): Promise<GenerateResult> {
  const log = o.log ?? (() => {});
  const manifestPath = join(o.out, 'manifest.json');
  const want = manifestOf(o);
  if (existsSync(manifestPath)) {
    try {
      if (JSON.stringify(JSON.parse(readFileSync(manifestPath, 'utf8'))) === JSON.stringify(want)) return { rendered: 0, kept: o.count, seconds: 0, perFrame: 0, upToDate: true };
    } catch {
      // unreadable: redo
    }
    rmSync(manifestPath);
  }
  for (const sub of ['images', 'labels', 'meta']) mkdirSync(join(o.out, sub), { recursive: true });
  // Frames past the count (an earlier, larger run) and half-written files go.
  for (const sub of ['images', 'labels', 'meta']) {
    for (const f of readdirSync(join(o.out, sub))) {
      const n = /^(\d+)\.(jpg|txt|json)$/.exec(f);
      if (f.endsWith('.tmp') || (n && Number(n[1]) >= o.count)) rmSync(join(o.out, sub, f));
    }
  }
  const todo: number[] = [];
  for (let i = 0; i < o.count; i++) if (!frameDone(o, frameName(i, o.count), i)) todo.push(i);
  const kept = o.count - todo.length;
  const start = Date.now();
  if (todo.length) {
    const boards = projectBoards();
    const renderers: Renderer[] = [...(o.renderers ?? [])];
    const launched: Renderer[] = [];
    try {
      if (!renderers.length) {
        const images = new Map(boards.map((b) => [b.id, boardPicture(b)]));
        for (let w = 0; w < Math.min(o.workers, todo.length); w++) launched.push(await launchRenderer({ images }));
        renderers.push(...launched);
      }
      let next = 0;
      let done = 0;
      const work = async (r: Renderer) => {
        while (next < todo.length) {
          const index = todo[next++];
          const spec = frameScene(o, index, boards);
          const out = await r.render(spec);
          const meta = frameMeta(spec, out, o.seed, index, GENERATOR_VERSION);
          const name = frameName(index, o.count);
          writeAtomic(join(o.out, 'images', `${name}.jpg`), Buffer.from(out.jpeg, 'base64'));
          writeAtomic(join(o.out, 'labels', `${name}.txt`), yoloLines(meta));
          const generator = { ...meta.generator, width: o.width ?? null, height: o.height ?? null, ...drawArgs(o) };
          writeAtomic(join(o.out, 'meta', `${name}.json`), `${JSON.stringify({ ...meta, generator })}\n`);
          done++;
          if (done % 50 === 0 || done === todo.length) log(`${done}/${todo.length} frames, ${((Date.now() - start) / 1000 / done).toFixed(2)} s a frame`);
        }
      };
      await Promise.all(renderers.map(work));
    } finally {
      await Promise.all(launched.map((r) => r.close()));
    }
  }
  writeAtomic(manifestPath, `${JSON.stringify(want)}\n`);
  const seconds = (Date.now() - start) / 1000;
  return { rendered: todo.length, kept, seconds, perFrame: todo.length ? seconds / todo.length : 0, upToDate: false };
}
