/**
 * Every printed board (the duel board and the 16 shipped Tafeln) read by the shipped reader alone
 * at seven scales around the one that fits the frame (0.8 to 2.5 times), as
 * test/vision/printed-boards.test.ts views them, printing each view where a die is reported:
 *
 *   npx tsx bench/printed-boards-scan.ts [WIDTHxHEIGHT=640x480] [--models DIR]
 *
 * The test holds the shipped reader alone to no die from 1 to 2.5 times the fit, at 640 x 480; this
 * shows the view at 0.8, other frame sizes and other readers (models/trials/corner-markers/README.md, "The corner markers
 * read as a die").
 */
import { loadModelsFromDisk } from '../cli/lib/models.ts';
import { SHIPPED_TAFELN } from '../engine/engel-und-bengel/tafeln/index.ts';
import { duelBoard, placedTafelBoard } from '../vision/board/board.ts';
import { read } from '../vision/read.ts';
import { boardView, fitScale, VIEW_SCALES } from '../test/vision/board-view.ts';

const args = process.argv.slice(2);
const at = args.indexOf('--models');
const dir = at >= 0 ? args.splice(at, 2)[1] : undefined;
const [width, height] = (args[0] ?? '640x480').split('x').map(Number);
// Another reader (a leave-one-set-out fold's, a trial's) where --models names its folder.
const models = await loadModelsFromDisk(dir);
const boards = [duelBoard(), ...SHIPPED_TAFELN.map((t) => placedTafelBoard(t))];
let views = 0;
let withDice = 0;
for (const board of boards) {
  const fit = fitScale(board, width, height);
  for (const k of VIEW_SCALES) {
    const { dice } = await read(boardView(board, k * fit, width, height), { models });
    views++;
    if (!dice.length) continue;
    withDice++;
    console.log(`${board.id} at ${k} x the fit: ${dice.map((d) => `${d.value} at [${d.box.map(Math.round)}]`).join(', ')}`);
  }
}
console.log(`${withDice} of ${views} views at ${width} x ${height} report a die`);
