/**
 * `npx tsx bench/duel-camera-read.ts [seeds] [--vga] [--die=N --scale=S --width=W --height=H]`: how the
 * committed dice reader does on the fixture of the dice-duel camera test (test/e2e/duel-video.ts),
 * read in Node the way the camera worker reads (test/e2e/worker-view.ts: through the fake camera's
 * YUV round trip, markers, `read` with the referee's thresholds,
 * the field under each die, `duelObservation` with Himmel white and Hölle red). For seeds 1..N
 * (default 20), two boards, one frame each: the start (five dice in each start area) and a game
 * under way (three dice of each side on fields with various pips, two still waiting). A die is
 * right when a die of its side and pips is seen at its place; a board is exact when the
 * observation is the position. With `--story`, the seven boards of the camera e2e instead
 * (test/e2e/duel-scenes.ts), to choose its seed; with `--battle` the two boards of its battle; with
 * `--still=late` or `--still=second` every frame of the video of a test that shows one story board
 * (30 s at 2 frames a second: the app reads one frame of a still spell, and which one depends on
 * when its worker is ready, so each must be read right); with `--end` every frame of the videos of the
 * game's end (test/e2e/duel-end.ts: the board before the last action, after it, and after each
 * action the computer plays there to the end); with `--game` a whole game as the camera referee
 * would follow it (bench/duel-game-replay.ts; `--first=K` for seeds K..N only; `--ghosts` with things
 * that are no dice on and beside the board and a hand resting over it, bench/duel-ghosts.ts). The view is what the duel's camera asks for (1280x720, 32 px
 * dice), or with `--vga` what a 640x480 camera gives (22 px dice); the other flags change one part.
 */
import { loadModelsFromDisk } from '../cli/lib/models.ts';
import { diceDataDir } from '../cli/lib/yolo-set.ts';
import type { HuhDie } from '../engine/himmel-und-hoelle/state.ts';
import { duelEndRecord } from '../test/e2e/duel-end.ts';
import { duelBattle, duelStory } from '../test/e2e/duel-scenes.ts';
import { wholeGame } from './duel-game-replay.ts';
import { duelKey, duelSeen, sameDuelDice } from '../test/e2e/worker-view.ts';
import { duelScenes, HD, VGA, type DuelView } from '../test/e2e/duel-video.ts';

const data = diceDataDir();
if (!data) throw new Error('the nell-byler photos are not on this machine (../shared/data/dice/nell-byler or SCHIRI_DICE_DATA)');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const seeds = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 20);
const base = process.argv.includes('--vga') ? VGA : HD;
const view: DuelView = {
  width: Number(arg('width') ?? base.width),
  height: Number(arg('height') ?? base.height),
  scale: Number(arg('scale') ?? base.scale),
  die: Number(arg('die') ?? base.die),
};
const models = await loadModelsFromDisk();

const still = arg('still');
if (still || process.argv.includes('--end')) {
  await stillVideo(still ?? 'end');
  process.exit(0);
}
if (process.argv.includes('--game')) {
  await wholeGame({ data, view, models, seeds, first: Number(arg('first') ?? 1), ghosts: process.argv.includes('--ghosts') });
  process.exit(0);
}
if (process.argv.includes('--story') || process.argv.includes('--battle')) {
  await story(process.argv.includes('--battle'));
  process.exit(0);
}

const waiting = (side: 0 | 1, n: number): HuhDie[] => Array.from({ length: n }, () => ({ side, at: side === 0 ? 'start-himmel' : 'start-hoelle', pips: 6 }));
const BOARDS: [string, HuhDie[]][] = [
  ['start', [...waiting(0, 5), ...waiting(1, 5)]],
  [
    'under way',
    [
      { side: 0, at: 'a3', pips: 5 },
      { side: 0, at: 'b5', pips: 2 },
      { side: 0, at: 'c2', pips: 4 },
      ...waiting(0, 2),
      { side: 1, at: 'a8', pips: 3 },
      { side: 1, at: 'b6', pips: 1 },
      { side: 1, at: 'c9', pips: 6 },
      ...waiting(1, 2),
    ],
  ],
];

let right = 0;
let total = 0;
let wrong = 0;
let exact = 0;
let refused = 0;
let lost = 0;
for (let seed = 1; seed <= seeds; seed++) {
  const scenes = duelScenes(data, seed, view);
  const said: string[] = [];
  for (const [name, dice] of BOARDS) {
    total += dice.length;
    const seen = await duelSeen(scenes(dice, 0.2, 5)[0], models);
    if (!seen) {
      lost++;
      said.push(`${name}: no calibration`);
      continue;
    }
    if (!seen.ok) {
      refused++;
      said.push(`${name}: ${seen.reason.en}`);
      continue;
    }
    const left = seen.observed.dice.map(duelKey);
    let here = 0;
    for (const d of dice) {
      const k = left.indexOf(duelKey(d));
      if (k >= 0) {
        left.splice(k, 1);
        here++;
      }
    }
    right += here;
    wrong += left.length;
    if (here === dice.length && left.length === 0) exact++;
    said.push(`${name}: ${here}/${dice.length}${left.length ? ` (also seen: ${left.join(' ')})` : ''}`);
  }
  console.log(seed, said.join(' | '));
}
const boards = seeds * BOARDS.length;
console.log(
  `${view.width}x${view.height}, ${view.scale} px/mm, dice ${view.die} px: dice read right ${right}/${total}, a die seen that is not there (or wrong) ${wrong}; ` +
    `boards read exactly ${exact}/${boards}, refused (unreadable, ambiguous or of neither colour) ${refused}/${boards}, no calibration ${lost}/${boards}`,
);

/**
 * The boards of the camera e2e (test/e2e/duel-scenes.ts): a seed is right when all are read
 * exactly. The story's seven, or with `--battle` the battle's two (before it, its result).
 */
async function story(battle: boolean) {
  const st = duelStory();
  const b = duelBattle();
  const boards = battle ? [b.before, b.after] : [st.start, st.tooFar, st.anna, st.late, st.wrong, st.computer.board, st.second];
  const good: number[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const scenes = duelScenes(data!, seed, view);
    const said: string[] = [];
    for (const dice of boards) {
      const seen = await duelSeen(scenes(dice, 0.2, 5)[0], models);
      const exact = seen?.ok && sameDuelDice(seen.observed.dice, dice);
      said.push(exact ? 'right' : !seen ? 'no calibration' : seen.ok ? `WRONG ${seen.observed.dice.map(duelKey).sort().join(' ')}` : seen.reason.en);
    }
    if (said.every((x) => x === 'right')) good.push(seed);
    console.log(seed, said.join(' | '));
  }
  console.log(`all ${boards.length} boards read exactly for ${good.length}/${seeds} seeds: ${good.join(" ")}`);
}

/**
 * The video of an e2e test that shows one board of the story (`late`: the late step after a
 * reload; `second`: Anna's second turn, the camera turned off and on) for 30 s, or the game's end
 * (`end`: the board before its last action, after it, and after each action of the computer's
 * seat to the end, 30 s each), at 2 frames a second,
 * each frame with its own sensor noise. A seed is right when every frame is read exactly: the app
 * reads the one frame that settles the still spell (a refused one again, a few times; a wrong one
 * is taken as the board).
 */
async function stillVideo(name: string) {
  const st = duelStory();
  const human = duelEndRecord({ last: 'human', waitForTable: true });
  const computer = duelEndRecord({ last: 'computer', waitForTable: true });
  const end = [human.before.dice, human.final.dice, ...computer.rest.map((r) => r.after.dice)];
  const videos: Record<string, HuhDie[][]> = { late: [st.late], second: [st.second], end };
  if (!Object.hasOwn(videos, name)) throw new Error(`--still=${name}: one of late, second; or --end`);
  const good: number[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const scenes = duelScenes(data!, seed, view);
    const said: string[] = [];
    let all = true;
    for (const board of videos[name]) {
      const frames = scenes(board, 30, 2);
      const wrong: string[] = [];
      for (const [i, frame] of frames.entries()) {
        const seen = await duelSeen(frame, models);
        if (!(seen?.ok && sameDuelDice(seen.observed.dice, board))) wrong.push(`frame ${i}: ${!seen ? 'no calibration' : seen.ok ? `WRONG ${seen.observed.dice.map(duelKey).sort().join(' ')}` : seen.reason.en}`);
      }
      all &&= !wrong.length;
      said.push(`${frames.length - wrong.length}/${frames.length} frames read exactly ${wrong.slice(0, 3).join(' | ')}${wrong.length > 3 ? ' …' : ''}`);
    }
    if (all) good.push(seed);
    console.log(seed, said.join(' ; '));
  }
  console.log(`every frame of the ${name} video read exactly for ${good.length}/${seeds} seeds: ${good.join(' ')}`);
}
