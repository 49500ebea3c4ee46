/**
 * Engel und Bengel by keyboard only (#64 item 10), in Chromium at the two window sizes a table
 * uses: Anna's whole turn and the start of Ben's on Tafel 1 "Morgenrot", every key counted. The
 * roll is typed (Backspace takes a number back, 7 and a sixth die are refused in words), the
 * dice are one tab stop walked with the arrow keys and picked by their digit, the Tafel is a grid
 * walked with arrows, Home/End and Ctrl+Home/End, a die is placed with Enter or by typing its
 * number on a box, a placement the rules refuse says why; the focus goes to what the game waits
 * for after each step and to what an undo took back. axe-core finds nothing on the screens passed.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SHIPPED_TAFELN } from '../../engine/engel-und-bengel/tafeln/index.ts';
import { diceDataDir } from '../../cli/lib/yolo-set.ts';
import { FPS, start, waitText } from './eub-camera-steps.ts';
import { FOURS_PLACED, ROLL_SEED, ROLLED } from './eub-roll-scenes.ts';
import { accessibilityProblems, openPerTest, text, webcamVideo } from './harness.ts';
import { tafelScenes } from './tafel-video.ts';

const open = openPerTest();
const data = diceDataDir();
/** As engel-und-bengel-roll.e2e.ts: the empty Tafel, Anna's five dice rolled onto the sheet, her two 4s moved onto row 2. */
const video = webcamVideo(
  'eub-keys-roll',
  () => {
    if (!data) return null;
    const scene = tafelScenes(SHIPPED_TAFELN[0], data, ROLL_SEED);
    return [...scene({}, 4, FPS), ...scene(ROLLED, 8, FPS), ...scene(FOURS_PLACED, 24, FPS)];
  },
  FPS,
  { videoRange: true },
);
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 640 },
];

const focused = (page: Page) => page.evaluate<string | null>(`document.activeElement?.getAttribute('data-testid') ?? null`);
const label = (page: Page) => page.evaluate<string | null>(`document.activeElement?.getAttribute('aria-label') ?? null`);
/** Each die of the roll entered so far, as the pending row shows it. */
const pending = (page: Page) => page.getByTestId('pending-roll').locator('svg.die').evaluateAll((d) => d.map((x) => x.getAttribute('aria-label')).join(' '));
const tabStops = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.filter((e) => e.getAttribute('tabindex') === '0').length);

describe.each(SIZES)('Engel und Bengel by keyboard at $width x $height', (size) => {
  it('a turn and a half with the keys alone: typed roll, dice and Tafel by arrows and digits, a refusal in words, the focus on what comes next, undo', async () => {
    const app = await open();
    const { page } = app;
    await page.setViewportSize(size);
    let keys = 0;
    /** Presses keys one after the other, counting each. */
    const press = async (...ks: string[]) => {
      for (const k of ks) {
        keys++;
        await page.keyboard.press(k);
      }
    };
    /** Presses each key, counting it, and checks where the focus is then. */
    const walk = async (...steps: [key: string, focus: string][]) => {
      for (const [k, want] of steps) {
        await press(k);
        expect(await focused(page)).toBe(want);
      }
    };
    const axe: string[] = [];
    const check = async (screen: string) => {
      for (const p of await accessibilityProblems(page, { every: true })) axe.push(`${screen}: ${p}`);
    };

    await page.getByTestId('pick-engel-und-bengel').click();
    await page.getByTestId('player-0').fill('Anna');
    await page.getByTestId('player-1').fill('Ben');
    await page.getByTestId('start').click();
    await expect(text(page, 'to-move')).resolves.toContain('Anna ist am Zug');
    // The turn begins at the roll entry.
    await expect.poll(() => focused(page)).toBe('value-1');
    await check('roll entry');

    // Anna types her roll 1 2 3 4 4: a 7 is no die, a 5 typed by mistake goes with Backspace.
    keys = 0;
    await press('1', '2', '7');
    await expect(text(page, 'message')).resolves.toBe('Ein Würfel zeigt 1 bis 6, nicht 7.');
    await press('3', '5', 'Backspace');
    await expect(pending(page)).resolves.toBe('1 2 3');
    await press('4', '4');
    // Complete: the focus is on "Wurf eintragen"; another number is refused, saying what to do.
    await expect.poll(() => focused(page)).toBe('confirm-roll');
    await press('6');
    await expect(text(page, 'message')).resolves.toContain('Der Wurf hat schon alle 5 Würfel');
    await expect(pending(page)).resolves.toBe('1 2 3 4 4');
    await press('Enter');
    const rollKeys = keys;
    // Rolled: said in the live region, the focus on the first die that fits.
    await expect.poll(() => text(page, 'message')).toBe('Gewürfelt 1 2 3 4 4.');
    await expect(page.getByTestId('message').getAttribute('role')).resolves.toBe('status');
    await expect.poll(() => focused(page)).toBe('hand-0');
    await expect(label(page)).resolves.toBe('Würfel 1');

    // The dice are one tab stop; the arrow keys, Home and End walk them.
    await expect(tabStops(page, '[data-testid^="hand-"]')).resolves.toBe(1);
    await walk(['ArrowRight', 'hand-1'], ['End', 'hand-4'], ['ArrowRight', 'hand-4'], ['Home', 'hand-0']);
    // The Tafel is one tab stop too, next to the dice: Shift+Tab lands on the first box a die may go to.
    await expect(tabStops(page, '[data-testid="tafel"] [role="gridcell"]')).resolves.toBe(1);
    await press('Shift+Tab');
    expect(await focused(page)).toBe('box-r1b1');
    await expect(label(page)).resolves.toBe('Reihe 1, Kästchen 1: genau 1 · ein Würfel darf hierher');
    await press('Tab');
    expect(await focused(page)).toBe('hand-0');
    await check('dice rolled, the Tafel lit');

    // Die to box: "1" picks the die showing 1 and the focus goes to its box; Enter places it.
    keys = 0;
    await press('1');
    await expect.poll(() => focused(page)).toBe('box-r1b1');
    await expect(page.getByTestId('hand-0').getAttribute('aria-pressed')).resolves.toBe('true');
    await press('Enter');
    const dieToBox = keys;
    await expect.poll(() => text(page, 'message')).toBe('Gelegt 1 in Reihe 1, Kästchen 1.');
    await expect(page.getByTestId('box-r1b1').getAttribute('aria-label')).resolves.toBe('Reihe 1, Kästchen 1: belegt mit 1');
    // Placed: the focus on the next die (2 3 4 4 are left; the 2 fits row 1).
    await expect.poll(() => focused(page)).toBe('hand-0');
    await expect(label(page)).resolves.toBe('Würfel 2');

    // A 4 picked by its digit goes to its first box, row 2; up to row 1's next box, where Enter is refused in words.
    await press('4');
    await expect.poll(() => focused(page)).toBe('box-r2b1');
    await walk(['ArrowUp', 'box-r1b1'], ['ArrowRight', 'box-r1b2']);
    await press('Enter');
    await expect.poll(() => text(page, 'message')).toBe('Reihe 1, Kästchen 2 braucht genau 2, nicht 4.');
    await expect(page.getByTestId('message').getAttribute('role')).resolves.toBe('alert');
    expect(await focused(page)).toBe('box-r1b2');
    await check('a refused placement');
    // A digit on a box: a number the roll lacks is refused, so is a box not yet due; the 2 goes in.
    await press('5');
    await expect.poll(() => text(page, 'message')).toBe('Im Wurf liegt keine 5 (mehr).');
    await press('ArrowRight');
    expect(await focused(page)).toBe('box-r1b3');
    await press('3');
    await expect.poll(() => text(page, 'message')).toBe('Reihe 1, Kästchen 3: zuerst kommt Kästchen 2 dran, in jeder Reihe das Kästchen ganz links.');
    await press('ArrowLeft', '2');
    await expect.poll(() => text(page, 'message')).toBe('Gelegt 2 in Reihe 1, Kästchen 2.');
    await expect.poll(() => focused(page)).toBe('hand-0');

    // The grid's edges: Home and End along a row, up and down to the nearest box, Ctrl+Home and Ctrl+End.
    await walk(['Shift+Tab', 'box-r1b3'], ['ArrowRight', 'box-r1b3'], ['ArrowDown', 'box-r2b2'], ['Home', 'box-r2b1']);
    await walk(['ArrowDown', 'box-r3b1'], ['End', 'box-r3b4'], ['Control+End', 'box-r6b1'], ['ArrowDown', 'box-r6b1'], ['Control+Home', 'box-r1b1']);
    await expect(tabStops(page, '[data-testid="tafel"] [role="gridcell"]')).resolves.toBe(1);
    await press('Tab');
    expect(await focused(page)).toBe('hand-0');

    // The 3 completes row 1 (+50), then the two 4s row 2 (−20): the turn is over, Ben's roll entry has the focus.
    await press('3');
    await expect.poll(() => focused(page)).toBe('box-r1b3');
    await press('Enter');
    await expect.poll(() => text(page, 'message')).toBe('Gelegt 3 in Reihe 1, Kästchen 3. Anna kassiert 50 für die weiße Reihe 1: +50.');
    await expect.poll(() => focused(page)).toBe('hand-0');
    await press('4', 'Enter');
    await expect.poll(() => text(page, 'message')).toBe('Gelegt 4 in Reihe 2, Kästchen 1.');
    await expect.poll(() => focused(page)).toBe('hand-0');
    await press('4', 'Enter');
    await expect.poll(() => text(page, 'message')).toBe('Gelegt 4 in Reihe 2, Kästchen 2. Anna zahlt 20 für die schwarze Reihe 2: −20. Ben ist am Zug.');
    await expect(text(page, 'to-move')).resolves.toContain('Ben ist am Zug');
    await expect.poll(() => focused(page)).toBe('value-1');
    await expect(text(page, 'points-0')).resolves.toBe('110');
    const annasTurn = keys;
    await check("Ben's roll entry after Anna's turn");

    // Undo (by keyboard on its button): the 4 is back in Anna's roll and has the focus.
    await page.getByTestId('undo').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => text(page, 'message')).toBe('Zurückgenommen: die 4 in Reihe 2, Kästchen 2.');
    await expect.poll(() => focused(page)).toBe('hand-0');
    await expect(label(page)).resolves.toBe('Würfel 4');
    await expect(text(page, 'to-move')).resolves.toContain('Anna ist am Zug');
    await press('4', 'Enter');
    await expect.poll(() => focused(page)).toBe('value-1');

    // Ben: 5 6 6 6 6. The 6 picked goes to its first box (the star row); two rows down is row 5.
    keys = 0;
    await press('6', '6', '6', '6', '5', 'Enter');
    await expect.poll(() => focused(page)).toBe('hand-0');
    await expect(label(page)).resolves.toBe('Würfel 5');
    await press('6');
    await expect.poll(() => focused(page)).toBe('box-r3b1');
    await press('ArrowDown', 'ArrowDown', 'Enter');
    await expect.poll(() => text(page, 'message')).toBe('Gelegt 6 in Reihe 5, Kästchen 1.');
    const rollToPlaced = keys;
    // "Weiterwürfeln" is two Tabs from the dice; Enter there, and the focus is in the roll entry again.
    await expect.poll(() => focused(page)).toBe('hand-0');
    await press('Tab', 'Tab');
    expect(await focused(page)).toBe('roll-on');
    await press('Enter');
    await expect.poll(() => focused(page)).toBe('value-1');
    await expect(text(page, 'roll-entry')).resolves.toContain('4 Würfel');
    await check('rolling on');

    // The help says the keys.
    await page.getByTestId('help').click();
    await expect(page.getByTestId('rules-card').textContent()).resolves.toContain('Mit der Tastatur');
    await check('help, rules');
    await page.keyboard.press('Escape');

    // English: the words of the keys too.
    await page.getByTestId('lang-en').click();
    await expect(page.getByTestId('tafel').getAttribute('aria-label')).resolves.toBe('Dawn · arrow keys: box to box; Enter or a digit places a die');
    await expect(page.getByTestId('row-r2').getAttribute('aria-label')).resolves.toBe('row 2, black, −20');

    console.log(`engel-und-bengel-keys e2e ${size.width}x${size.height}: roll typed and entered ${rollKeys} keys (with a 7, a 5 and Backspace, a sixth number: 5 digits + Enter at best); die to box ${dieToBox} keys; Ben's roll to a 6 placed two rows below the first box for it ${rollToPlaced} keys; Anna's turn after the roll ${annasTurn} keys (with the walk over the grid and the refusals)`);
    expect(axe).toEqual([]);
    expect(app.problems).toEqual([]);
  }, 180_000);

});

describe("Engel und Bengel: the camera's moves and the focus", () => {
  // The focus follows the game the same way at either size; the video costs a reading, so one size.
  const size = SIZES[0];
  it.skipIf(!data)("the camera's moves take the focus to what the game waits for: the dice after its roll, the next die after its placements", async () => {
    const app = await open({ fakeVideo: video() });
    const { page } = app;
    await page.setViewportSize(size);
    await start(page);
    await page.getByTestId('camera-start').click();
    await waitText(page, 'message', 'Kamera: gewürfelt 3 4 4 5 6.');
    // The roll read: the focus left the camera's button for the first die that fits.
    await expect.poll(() => focused(page)).toBe('hand-0');
    await expect(label(page)).resolves.toBe('Würfel 3');
    // The player looks over the Tafel meanwhile; the camera's placements bring the focus back to the dice.
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toMatch(/^box-/);
    await waitText(page, 'message', 'Kamera: gelegt 4 in Reihe 2, Kästchen 1; 4 in Reihe 2, Kästchen 2. Anna zahlt 20 für die schwarze Reihe 2: −20.');
    await expect.poll(() => focused(page)).toBe('hand-0');
    await page.getByTestId('camera-stop').click();
    expect(app.problems).toEqual([]);
  }, 240_000);
});
