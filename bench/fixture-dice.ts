/**
 * `npx tsx bench/fixture-dice.ts`: chooses the real dice of the camera fixtures
 * (test/e2e/fixture-dice.json, used by tafel-video.ts and duel-video.ts) and prints how many the
 * shipped reader reads. Candidates are the lone labelled dice of the test lists (nell-byler test,
 * dice-3 test and valid: photos no shipped reader trained on) and of nell-byler train (the test
 * lists alone hold too few white and red dice for the duel). Each is pasted alone into the view
 * it would be used in and read the way the camera worker reads (test/e2e/worker-view.ts: through
 * what Chromium's fake camera does to a frame, markers, the referee's thresholds):
 * - tafel: on Tafel 1 at 640x480, 40 px, once in box r1b1 and once on the paper beside the boxes;
 * - duel (white and red dice only, the sides' colours): on the duel board at 1280x720, 32 px, once
 *   on field b5 and once in its side's start area.
 * A die is kept for a use when both of its readings are exact. The camera e2e tests then test the
 * flow (reading, calibration, the rules, the screen), not the reader's accuracy on hard dice,
 * which `schiri eval` measures on whole photos. Rerun after the weights change.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readImage } from '../cli/lib/image-file.ts';
import { loadModelsFromDisk, MODEL_DIR } from '../cli/lib/models.ts';
import { diceDataDir } from '../cli/lib/yolo-set.ts';
import { SHIPPED_TAFELN } from '../engine/engel-und-bengel/tafeln/index.ts';
import type { HuhDie } from '../engine/himmel-und-hoelle/state.ts';
import type { Frame } from '../vision/types.ts';
import { bodyColour, candidates, cutDie, FIXTURE_DICE, photoPath, type FixtureDie, type FixtureUse } from '../test/e2e/dice-photos.ts';
import { duelScenes, HD, SIDE_COLOURS } from '../test/e2e/duel-video.ts';
import { CUT, DIE, tafelScenes } from '../test/e2e/tafel-video.ts';
import { duelSeen, sameDuelDice, tafelSeen } from '../test/e2e/worker-view.ts';

const LISTS: [string, string][] = [
  ['nell-byler', 'test.txt'],
  // The test lists hold too few white and red dice at the duel's 32 px for every value.
  ['nell-byler', 'train.txt'],
  ['dice-3', 'test.txt'],
  ['dice-3', 'valid.txt'],
];

const data = diceDataDir();
if (!data) throw new Error('the dice photos are not on this machine (../shared/data/dice or SCHIRI_DICE_DATA)');
const models = await loadModelsFromDisk();
const tafel = SHIPPED_TAFELN[0];

async function readsTafel(die: FixtureDie): Promise<boolean> {
  const frame = tafelScenes(tafel, data!, 1, { pool: new Map([[die.value, [die]]]) })({ r1b1: die.value, '222,105': die.value }, 0.2, 5)[0];
  const seen = await tafelSeen(frame, tafel, models);
  return !!seen?.ok && JSON.stringify(seen.observed.boxes) === JSON.stringify({ r1b1: die.value }) && JSON.stringify(seen.observed.roll) === JSON.stringify([die.value]);
}

async function readsDuel(die: FixtureDie): Promise<boolean> {
  const side = SIDE_COLOURS.indexOf(die.colour as (typeof SIDE_COLOURS)[number]) as 0 | 1;
  const dice: HuhDie[] = [
    { side, at: 'b5', pips: die.value },
    { side, at: side === 0 ? 'start-himmel' : 'start-hoelle', pips: die.value },
  ];
  const seen = await duelSeen(duelScenes(data!, 1, HD, new Map([[die.value, [die]]]))(dice, 0.2, 5)[0], models);
  return !!seen?.ok && sameDuelDice(seen.observed.dice, dice);
}

const photos = new Map<string, Frame>();
const photo = (image: string) => {
  if (!photos.has(image)) photos.set(image, readImage(photoPath(data!, image)));
  return photos.get(image)!;
};
const kept: FixtureDie[] = [];
const tried: Record<FixtureUse, number> = { tafel: 0, duel: 0 };
const read_: Record<FixtureUse, number> = { tafel: 0, duel: 0 };
for (const [set, list] of LISTS) {
  for (const [value, found] of candidates(data, set, list)) {
    for (const c of found) {
      const die: FixtureDie = { ...c, value, colour: bodyColour(photo(c.image), c.box), uses: [] };
      if (cutDie(photo(c.image), c.box, DIE, CUT)) {
        tried.tafel++;
        if (await readsTafel(die)) die.uses.push('tafel');
      }
      if (SIDE_COLOURS.includes(die.colour as (typeof SIDE_COLOURS)[number]) && cutDie(photo(c.image), c.box, HD.die, Math.round(HD.die * 1.5))) {
        tried.duel++;
        if (await readsDuel(die)) die.uses.push('duel');
      }
      for (const u of die.uses) read_[u]++;
      if (die.uses.length) kept.push(die);
    }
  }
  console.log(`${set} ${list}: tafel ${read_.tafel}/${tried.tafel}, duel ${read_.duel}/${tried.duel} so far`);
}
kept.sort((a, b) => a.image.localeCompare(b.image) || a.box[0] - b.box[0]);
const weights = createHash('sha256');
for (const f of ['detector.weights.bin', 'classifier.weights.bin']) weights.update(readFileSync(join(MODEL_DIR, f)));
const made = `bench/fixture-dice.ts with the weights of sha256 ${weights.digest('hex').slice(0, 12)}: lone labelled dice of ${LISTS.map(([s, l]) => `${s} ${l}`).join(', ')}; read right alone: tafel ${read_.tafel}/${tried.tafel}, duel ${read_.duel}/${tried.duel}`;
// One die a line: a rerun's diff shows which dice came and went.
writeFileSync(FIXTURE_DICE, `{"made": ${JSON.stringify(made)},\n"dice": [\n${kept.map((d) => JSON.stringify(d)).join(',\n')}\n]}\n`);
console.log(made);
