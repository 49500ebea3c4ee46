import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { diceDataDir } from '../../cli/lib/yolo-set.ts';
import type { HuhDie } from '../../engine/himmel-und-hoelle/state.ts';
import { himmelUndHoelle as game } from '../../engine/himmel-und-hoelle/game.ts';
import { lit, onField, recordOf, savedRecord } from './duel-page.ts';
import { DUEL_RECORD_KEY, DUEL_SEATS_KEY } from './storage-keys.ts';
import { duelBattle, duelStory } from './duel-scenes.ts';
import { duelScenes, handOver, VIDEO_FPS as FPS } from './duel-video.ts';
import { openPerTest, text, waitText, webcamVideo } from './harness.ts';

const data = diceDataDir();
/**
 * The seed picks which photographed die is cut out for each die and where in its field it lies.
 * The reader reads some of these pasted dice wrong (docs/himmel-und-hoelle.md has the rate), so
 * the seed is the first whose boards it reads right (`bench/duel-camera-read.ts 10 --story`:
 * seeds 2, 3, 4, 5, 6, 9 and 10 all seven).
 */
const SEED = 2;
const story = duelStory();
/** The first seed whose battle boards are read right (`bench/duel-camera-read.ts 10 --battle`: 9 of 10, not 1). */
const BATTLE_SEED = 2;
const battle = duelBattle();
/**
 * A seed whose every frame of the one-board videos (the late step after a reload, the camera
 * turned off and on) is read right: `bench/duel-camera-read.ts 3 --still=late` and
 * `--still=second`, seeds 1-3 read 21, 60, 60 and 29, 60, 60 of 60 frames right (6 Dec 2026; 3
 * was the first when chosen, with older weights seed 2 missed two frames of the late video).
 */
const STILL_SEED = 3;
/** How long the hand moves over the board after Anna's second turn, s. */
const HAND_S = 14;

const open = openPerTest();

/** `seconds` of one board of the story, still, as a test that resumes there sees it (STILL_SEED). */
const stillVideo = (name: string, board: HuhDie[], seconds: number) =>
  webcamVideo(name, () => (data ? duelScenes(data, STILL_SEED)(board, seconds, FPS) : null), FPS, { videoRange: true });

/** Anna's die read gone on from b1 to b2 by lowering after her turn's end: the end taken back, the step played, the turn ended again. */
async function lateStepTaken(page: Page) {
  const lateStep = 'Der Himmel-Würfel auf b1 (6) → b2 (1 Auge gesenkt)';
  await waitText(page, 'message', `Kamera: ${lateStep}; Himmel beendet den Zug`);
  await expect(page.getByTestId('history').locator('li').allTextContents()).resolves.toEqual([
    'Der Himmel-Würfel im Startbereich des Himmels (6) → b1 (1 AP)',
    lateStep,
    'Himmel beendet den Zug',
  ]);
}

describe('Himmel und Hölle from the camera in Chromium', () => {
  // Each change is a cut (a hand's reach is motion to the settle detector either way). After
  // Anna's second turn a hand moves over the board for 14 s (her turn's still count must start
  // again after it). The last board is held long: Chromium plays the file in a loop.
  const file = webcamVideo('duel-camera', () => {
    if (!data) return null;
    const scene = duelScenes(data, SEED);
    const boards: [HuhDie[], number][] = [
      [story.start, 6],
      [story.tooFar, 10],
      [story.anna, 12],
      [story.late, 12],
      [story.wrong, 10],
      [story.computer.board, 12],
      [story.second, 8],
    ];
    return [...boards.map(([b, seconds]) => scene(b, seconds, FPS)), handOver(scene(story.second, HAND_S, FPS)), scene(story.second, 46, FPS)];
  }, FPS, { videoRange: true });

  it.skipIf(!data)('reads the dice on the printed board: plays a legal turn, refuses one too far, ends the turn whose AP are spent with no tap, opens it again for a late step, the computer waits until its action is carried out, and a turn with AP left ends when the board lies still', async () => {
    const app = await open({ fakeVideo: file() });
    const { page } = app;
    await page.getByTestId('pick-himmel-und-hoelle').click();
    await page.getByTestId('player-0').fill('Anna');
    await page.getByTestId('seat-1').selectOption('greedy');
    await page.getByTestId('start').click();
    await expect(text(page, 'to-move')).resolves.toContain('Anna (Himmel) ist am Zug');
    await page.getByTestId('camera-start').click();

    // The start: every die in its start area, the colours as chosen (Himmel white, Hölle red).
    await waitText(page, 'camera-seen', 'Himmel: 5 im Bereich · Hölle: 5 im Bereich');

    // A white die from the start area to b3: three steps for one AP, refused, nothing played.
    const tooFar = 'Kamera: Der Himmel-Würfel im Startbereich des Himmels (6) nach b3 mit 6 Augen kostet 3 AP (3 Felder, Augen 6→6), der Zug hat 1 AP.';
    await waitText(page, 'message', tooFar);
    // Said once: five alike dice could each be the one that moved (issue 15, item 11).
    await expect(text(page, 'message')).resolves.toBe(tooFar);
    await expect(page.getByTestId('history').locator('li').count()).resolves.toBe(0);

    // The die on b1 instead: played and recorded. It spent the turn's one AP, so the turn is
    // over without a tap on "Zug beenden".
    await waitText(page, 'message', 'Kamera: Der Himmel-Würfel im Startbereich des Himmels (6) → b1 (1 AP); Himmel beendet den Zug');
    await expect(onField(page, 'b1')).resolves.toBe(1);
    await expect(page.getByTestId('history').locator('li').allTextContents()).resolves.toEqual(['Der Himmel-Würfel im Startbereich des Himmels (6) → b1 (1 AP)', 'Himmel beendet den Zug']);

    // After the end was read the die goes on to b2 by lowering: a step of Anna's turn, read
    // late. Her end is taken back, the step played, and her turn ends again.
    await lateStepTaken(page);

    // The computer names its action, lights it, and waits for the table.
    const wanted = `Der Hölle-Würfel im Startbereich der Hölle (6) → ${story.computer.move.type === 'step' ? story.computer.move.to : ''}`;
    await waitText(page, 'computer-move', wanted, 30_000);
    await expect(lit(page, 'start-hoelle')).resolves.toBe('computer');
    // Carried out to the wrong field: named, and shown again.
    await waitText(page, 'message', `Kamera: Das ist nicht der Zug des Computers. Bitte so ausführen: ${wanted}`);
    await expect(text(page, 'computer-move')).resolves.toContain(wanted);
    // Then as asked: played, and its turn ends.
    await waitText(page, 'to-move', 'Anna (Himmel) ist am Zug');
    expect(await text(page, 'history')).toContain(wanted);
    expect(await text(page, 'history')).toContain('Hölle beendet den Zug');
    await expect(page.getByTestId('computer-done').count()).resolves.toBe(0);

    // Anna's second turn: on to b3 by lowering, her one AP left unused. Against the computer
    // nobody else moves on the table: the board lying still ends her turn, with no tap.
    const second = 'Der Himmel-Würfel auf b2 (5) → b3 (1 Auge gesenkt)';
    await waitText(page, 'message', `Kamera: ${second}`);
    await expect(text(page, 'ap')).resolves.toBe('1');
    await expect(text(page, 'ends-if-still')).resolves.toBe('Bleibt das Brett 10 s still, ist der Zug zu Ende');
    // Then a hand moves over the board for 14 s, longer than the count: the page notes when the
    // camera last said it saw motion. The still count is the camera's: the turn ends 10 s after
    // the hand has gone, not 10 s after the words appeared (it ended under the hand before).
    await page.evaluate(`(() => {
      const status = document.querySelector('[data-testid="camera-status"]');
      const note = () => { if (status.textContent.startsWith('Bewegung')) window.lastMotion = performance.now(); };
      new MutationObserver(note).observe(status, { childList: true, characterData: true, subtree: true });
    })()`);
    await waitText(page, 'message', 'Kamera: Das Brett liegt 10 s still: Himmel beendet den Zug (1 AP verfallen)', 90_000);
    const [ended, motion] = (await page.evaluate('[performance.now(), window.lastMotion ?? null]')) as [number, number | null];
    expect(motion, 'the camera never said it saw the hand move').not.toBeNull();
    expect(ended - motion!).toBeGreaterThanOrEqual(10_000);
    await expect(savedRecord(page)).resolves.toEqual([
      ['step', 'camera'],
      ['step', 'camera'],
      ['end', 'camera'],
      ['step', 'bot'],
      ['end', 'bot'],
      ['step', 'camera'],
      ['end', 'camera'],
    ]);
    // The computer's next action waits for the table.
    await page.getByTestId('computer-move').waitFor({ timeout: 30_000 });
    const history = await text(page, 'history');

    // Every move went to the record: a reload resumes there.
    await page.getByTestId('camera-stop').click();
    await page.reload();
    await expect(text(page, 'history')).resolves.toBe(history);
    await expect(onField(page, 'b3')).resolves.toBe(1);
    await page.getByTestId('computer-move').waitFor({ timeout: 30_000 });
    expect(app.problems).toEqual([]);
  }, 420_000);

});

describe('Himmel und Hölle from the camera in Chromium: a battle', () => {
  // The board as the attack is tapped, long enough to tap it and both cards; then its result,
  // held long (Chromium plays the file in a loop).
  const file = webcamVideo('duel-battle', () => {
    if (!data) return null;
    const scene = duelScenes(data, BATTLE_SEED);
    return [scene(battle.before, 20, FPS), scene(battle.after, 24, FPS)];
  }, FPS, { videoRange: true });

  it.skipIf(!data)("a battle: the attack and the hidden cards tapped, its result read from the board (the loser down a pip and pushed aside, the winner up one), and the turn whose AP are spent ends", async () => {
    const app = await open({ fakeVideo: file(), localStorage: { [DUEL_RECORD_KEY]: recordOf(battle.moves, () => 'tap') } });
    const { page } = app;
    await page.getByTestId('pick-himmel-und-hoelle').click();
    await page.getByTestId('resume').click();
    await expect(text(page, 'to-move')).resolves.toContain('Ben (Hölle) ist am Zug');
    await page.getByTestId('camera-start').click();
    await waitText(page, 'camera-seen', 'Himmel: b5 2, 4 im Bereich · Hölle: b6 2, 4 im Bereich');

    // Ben attacks by tap; the cards are chosen hidden, Ben's first.
    await page.getByTestId(`field-${battle.attack.from}`).click();
    await page.getByTestId(`field-${battle.attack.to}`).click();
    for (const card of [battle.cards.hoelle, battle.cards.himmel]) {
      await page.getByTestId('reveal').click();
      await page.getByTestId(`card-${card}`).click();
    }
    await expect(text(page, 'to-move')).resolves.toContain('Freier AP für Ben (Hölle)');
    const history = page.getByTestId('history').locator('li');
    const before = await history.count();

    // The table carries out the result: read from the board, the free AP played, and Hölle's
    // turn (its one AP spent on the attack) over without a tap.
    const push = game.describeMove(battleStateAfterCards(), battle.push).de;
    await waitText(page, 'message', `Kamera: ${push}; Hölle beendet den Zug`);
    await expect(history.allTextContents().then((l) => l.slice(before))).resolves.toEqual([push, 'Hölle beendet den Zug']);
    await expect(text(page, 'to-move')).resolves.toContain('Anna (Himmel) ist am Zug');
    await expect(page.getByTestId('field-a5').getByTestId('die-0').textContent()).resolves.toBe('1');
    await expect(page.getByTestId('field-b6').getByTestId('die-5').textContent()).resolves.toBe('3');
    await expect(savedRecord(page).then((r) => r.slice(-2))).resolves.toEqual([['free-step', 'camera'], ['end', 'camera']]);
    expect(app.problems).toEqual([]);
  }, 300_000);
});

describe('Himmel und Hölle from the camera in Chromium: a late step after a reload', () => {
  // Anna's late step alone, the board still for 30 s (Chromium plays it in a loop). Which
  // frame settles the still spell depends on when the camera's worker is ready, so every frame
  // is read right (STILL_SEED). Made as the story's (seed 2), the reader refused 5 of its 60
  // frames ("not sure enough" of a die in Hölle's start area), and the test failed when the
  // read hit one; a refused still board is now read again (vision/settle), up to four times.
  const file = stillVideo('duel-late', story.late, 30);

  it.skipIf(!data)("a turn the camera ended opens again for a late step after a reload: the end's source comes from the record", async () => {
    // The record as the story's first turn leaves it: Anna's step to b1 and her turn's end, both
    // read by the camera; then the app was closed. The computer (Hölle) is to move.
    const record = recordOf([{ type: 'step', die: 0, to: 'b1', pay: 'ap' }, { type: 'end' }], () => 'camera');
    const app = await open({ fakeVideo: file(), localStorage: { [DUEL_RECORD_KEY]: record, [DUEL_SEATS_KEY]: JSON.stringify(['human', 'greedy']) } });
    const { page } = app;
    await page.getByTestId('pick-himmel-und-hoelle').click();
    await page.getByTestId('resume').click();
    await page.getByTestId('computer-move').waitFor({ timeout: 30_000 });
    await page.getByTestId('camera-start').click();

    // The board shows Anna's die gone on to b2 by lowering: her end is taken back, the step
    // played, and her turn ends again (before, the reload forgot the end was the camera's, and
    // the board was refused as not the computer's action).
    await lateStepTaken(page);
    await expect(savedRecord(page)).resolves.toEqual([
      ['step', 'camera'],
      ['step', 'camera'],
      ['end', 'camera'],
    ]);
    expect(app.problems).toEqual([]);
  }, 300_000);
});

describe('Himmel und Hölle from the camera in Chromium: the still count needs the camera', () => {
  // Anna's second step alone, the board still for 30 s (in a loop): every frame read right
  // (STILL_SEED), as the app reads one frame a still spell.
  const file = stillVideo('duel-second', story.second, 30);

  it.skipIf(!data)('"Bleibt das Brett 10 s still" shows only while the camera is on: turned off, the banner goes; on again, the count starts again and ends the turn', async () => {
    // The record as the story leaves it before Anna's second turn: her first turn read by the
    // camera, the computer's carried out. Anna (Himmel) is to move against the computer.
    // Anna's three actions (step, late step, end), then the computer's.
    const record = recordOf(story.before, (i) => (i < 3 ? 'camera' : 'bot'));
    const app = await open({ fakeVideo: file(), localStorage: { [DUEL_RECORD_KEY]: record, [DUEL_SEATS_KEY]: JSON.stringify(['human', 'greedy']) } });
    const { page } = app;
    await page.getByTestId('pick-himmel-und-hoelle').click();
    await page.getByTestId('resume').click();
    await expect(text(page, 'to-move')).resolves.toContain('Anna (Himmel) ist am Zug');
    await page.getByTestId('camera-start').click();

    // Her step by lowering, read: one AP left, and the banner says a still board ends her turn.
    const second = 'Der Himmel-Würfel auf b2 (5) → b3 (1 Auge gesenkt)';
    await waitText(page, 'message', `Kamera: ${second}`);
    await expect(text(page, 'ends-if-still')).resolves.toBe('Bleibt das Brett 10 s still, ist der Zug zu Ende');

    // The camera off: nothing counts the still board, and the banner goes (it stayed before).
    await page.getByTestId('camera-stop').click();
    await waitText(page, 'camera-status', 'Kamera aus');
    await expect(page.getByTestId('ends-if-still').count()).resolves.toBe(0);
    await expect(text(page, 'ap')).resolves.toBe('1');

    // On again: the board is read again, the banner is back, and the board lying still ends her turn.
    await page.getByTestId('camera-start').click();
    await waitText(page, 'ends-if-still', 'Bleibt das Brett 10 s still, ist der Zug zu Ende');
    await waitText(page, 'message', 'Kamera: Das Brett liegt 10 s still: Himmel beendet den Zug (1 AP verfallen)');
    await expect(page.getByTestId('ends-if-still').count()).resolves.toBe(0);
    expect(app.problems).toEqual([]);
  }, 300_000);
});

/** The game as the battle's cards leave it: what the push is described from. */
function battleStateAfterCards() {
  let s = battle.moves.reduce(game.play, game.setup({}));
  for (const m of [{ type: 'step', die: 5, to: battle.attack.to, pay: 'ap' }, { type: 'card', card: battle.cards.hoelle }, { type: 'card', card: battle.cards.himmel }] as const) s = game.play(s, m);
  return s;
}
