/**
 * The project's own printed boards hold no dice: their boxes, fields and the corner markers (a
 * black square with one to four white squares, much like a black die) are look-alikes the reader
 * must not report. Each board's printable SVG as a webcam over the table would see it: the paper
 * filling most of a 640 x 480 frame, and closer, up to a part of it at 2.5 times that fit. A little
 * further away (0.8 of the fit) the reader alone calls every Tafel's top-left marker a 2; the
 * camera referee, which knows where the board's markers are, reports no die there either.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadModelsFromDisk } from '../../cli/lib/models.ts';
import { SHIPPED_TAFELN } from '../../engine/engel-und-bengel/tafeln/index.ts';
import { duelBoard, placedTafelBoard, type Board } from '../../vision/board/board.ts';
import { BoardTracker, realDice } from '../../vision/board/calibration.ts';
import { read, REFEREE_THRESHOLDS } from '../../vision/read.ts';
import type { Models } from '../../vision/tf.ts';
import { boardView, fitScale, VIEW_SCALES } from './board-view.ts';

let models: Models;
beforeAll(async () => {
  models = await loadModelsFromDisk();
}, 30_000);

const boards: Board[] = [duelBoard(), ...SHIPPED_TAFELN.map((t) => placedTafelBoard(t))];

describe('the printed boards', () => {
  it.each(boards.map((b) => [b.id, b] as const))('%s: no die read on the paper, whole or close up', async (_, board) => {
    const fit = fitScale(board);
    for (const k of VIEW_SCALES.filter((k) => k >= 1)) {
      const reading = await read(boardView(board, k * fit), { models });
      expect({ k, dice: reading.dice.map((d) => ({ value: d.value, box: d.box })) }).toEqual({ k, dice: [] });
    }
  });

  it.each(boards.map((b) => [b.id, b] as const))('%s: the camera referee reads no die on the paper, further away too', async (_, board) => {
    const fit = fitScale(board);
    for (const k of VIEW_SCALES) {
      const frame = boardView(board, k * fit);
      const cal = new BoardTracker(board).update(frame).calibration;
      // Close up not every marker is in view: the referee reads nothing without the board.
      if (k <= 1) expect(cal).toBeTruthy();
      if (!cal) continue;
      const reading = realDice(cal, await read(frame, { models, thresholds: REFEREE_THRESHOLDS }));
      expect(reading.dice.map((d) => ({ value: d.value, box: d.box }))).toEqual([]);
    }
  });
});
