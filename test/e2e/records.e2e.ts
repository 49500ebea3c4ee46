import { describe, expect, inject, it } from 'vitest';
import { encodeLine } from '../../engine/core/record.ts';
import { openPerTest } from './harness.ts';
import type { Page } from 'playwright-core';
import { recordKey, storedItem } from './storage-keys.ts';

/**
 * Game records in the real UI (issues 15 and 16): resume first from the picker, a question before
 * a saved game is replaced, a double click that enters one move, a full storage that loses nothing
 * and says so in the player's language, and broken records that are kept and told about.
 */
const open = openPerTest();
/** How long a check waits for the screen or the record to get there: the machine may be busy. */
const WAIT = { timeout: 15_000 };

const PLUS = recordKey('plus');
// Run in the page, written as text: the tests compile without the DOM's types.
const record = (page: Page, key = PLUS) => storedItem(page, key);
const moveLines = async (page: Page, key = PLUS) => ((await record(page, key)) ?? '').split('\n').filter((l: string) => l.includes('"kind":"move"')).length;
const badCopies = (page: Page, prefix: string) => page.evaluate<string[]>(`Object.keys(localStorage).filter((k) => k.startsWith(${JSON.stringify(prefix)}) && k.endsWith('.bad'))`);
const focused = (page: Page) => page.evaluate<string | null>(`document.activeElement?.getAttribute('data-testid') ?? null`);

async function startPlus(page: Page) {
  await page.getByTestId('pick-plus').click();
  await page.getByTestId('player-0').fill('Anna');
  await page.getByTestId('player-1').fill('Ben');
  await page.getByTestId('start').click();
  await expect.poll(() => page.getByTestId('to-move').textContent(), WAIT).toContain('Anna ist am Zug');
}

/** Plus started, Anna's first move (die IV showing 3) entered. */
async function annasFirstMove(page: Page) {
  await startPlus(page);
  await page.getByTestId('face-IV-3').click();
  await page.getByTestId('confirm').click();
}

const tapAll = async (page: Page, ...ids: string[]) => {
  for (const id of ids) await page.getByTestId(id).click();
};

async function startGame(page: Page, game: string, players: number) {
  await page.getByTestId(`pick-${game}`).click();
  await page.getByTestId('player-0').waitFor();
  while ((await page.locator('[data-testid^="player-"]').count()) < players) await page.getByTestId('add-player').click();
  await page.getByTestId('start').click();
}

async function eubRoll(page: Page) {
  for (const v of [1, 2, 3, 4, 4]) await page.getByTestId(`value-${v}`).click();
  await page.getByTestId('confirm-roll').click();
  await page.getByTestId('hand-0').waitFor();
}

/** The duel's first tap: a die of Himmel's start area walked up to a6, a step of the record per field. */
async function duelWalk(page: Page) {
  await page.getByTestId('area-start-himmel').getByTestId('die-0').click();
  await page.getByTestId('field-a6').click();
  await page.getByTestId('history').locator('li').first().waitFor();
}

/** Fills the origin's storage until not one more character fits: the browser's full disk. */
function fillStorage(page: Page) {
  return page.evaluate<number>(`(() => {
    let n = 0;
    for (let size = 1 << 20; size >= 1; size = Math.floor(size / 2)) {
      for (;;) {
        try {
          localStorage.setItem('filler.' + n, 'x'.repeat(size));
          n++;
        } catch {
          break;
        }
      }
    }
    return n;
  })()`);
}
const freeStorage = (page: Page) => page.evaluate(`Object.keys(localStorage).filter((k) => k.startsWith('filler.')).forEach((k) => localStorage.removeItem(k))`);
/** A storage that refuses every write (read-only, broken), and the real one back. */
const refuseWrites = (page: Page) =>
  page.evaluate(`window.realSetItem = Storage.prototype.setItem; Storage.prototype.setItem = () => { throw new DOMException('refused', 'InvalidStateError'); }`);
const allowWrites = (page: Page) => page.evaluate(`Storage.prototype.setItem = window.realSetItem`);

describe('game records in Chromium', () => {
  it('a reload lands in the game in play; the picker offers the game in progress, and it resumes', async () => {
    const app = await open();
    const { page } = app;
    await annasFirstMove(page);
    await expect.poll(() => page.getByTestId('to-move').textContent(), WAIT).toContain('Ben ist am Zug');

    await page.reload();
    await expect.poll(() => page.getByTestId('to-move').textContent(), WAIT).toContain('Ben ist am Zug');
    await expect.poll(() => page.getByTestId('die-IV').textContent(), WAIT).toBe('3');
    await page.getByTestId('home').click();
    // Back in the picker a reload stays there.
    await page.reload();
    const entry = page.getByTestId('in-progress-plus');
    await expect.poll(() => entry.textContent(), WAIT).toMatch(/Plus.*Anna, Ben.*Zug 2/s);
    await page.getByTestId('resume-plus').click();
    await expect.poll(() => page.getByTestId('to-move').textContent(), WAIT).toContain('Ben ist am Zug');
    await expect.poll(() => page.getByTestId('die-IV').textContent(), WAIT).toBe('3');
    await expect.poll(() => page.getByTestId('history').textContent(), WAIT).toContain('Anna');
    expect(app.problems).toEqual([]);
  });

  it('asks before a new game replaces a saved one, and keeps it when told so', async () => {
    const app = await open();
    const { page } = app;
    await annasFirstMove(page);
    const saved = await record(page);

    await page.getByTestId('home').click();
    await page.getByTestId('pick-plus').click();
    await expect.poll(() => page.getByTestId('resume-banner').textContent(), WAIT).toMatch(/Anna, Ben.*Zug 2/s);
    await page.getByTestId('start').click();
    const dialog = page.getByTestId('replace-dialog');
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    // The safe answer has the focus; Esc gives it too.
    await expect.poll(() => focused(page), WAIT).toBe('replace-keep');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(false);
    expect(await record(page)).toBe(saved);
    await expect.poll(() => page.getByTestId('resume-banner').isVisible(), WAIT).toBe(true);

    await page.getByTestId('start').click();
    await page.getByTestId('replace-keep').click();
    expect(await record(page)).toBe(saved);

    await page.getByTestId('start').click();
    await page.getByTestId('replace-confirm').click();
    await expect.poll(() => page.getByTestId('to-move').textContent(), WAIT).toContain('ist am Zug');
    expect(await moveLines(page)).toBe(0);
    expect(app.problems).toEqual([]);
  });

  it('a double click on Confirm enters the move once', async () => {
    const app = await open();
    const { page } = app;
    await startPlus(page);
    await page.getByTestId('face-IV-3').click();
    // Two clicks in one task: the second comes before the first write is done (or the UI has
    // disabled anything), as a quick double click on a slow disk does.
    await page.evaluate(`{ const b = document.querySelector('[data-testid="confirm"]'); b.click(); b.click(); }`);
    await expect.poll(() => page.getByTestId('to-move').textContent(), WAIT).toContain('Ben ist am Zug');
    expect(await moveLines(page)).toBe(1);
    await expect.poll(() => page.getByTestId('history').locator('li').count(), WAIT).toBe(1);

    // The controls wait while a write is in flight, and the one in use gets its focus back.
    await page.getByTestId('face-V-4').click();
    await page.getByTestId('confirm').click();
    await expect.poll(() => page.getByTestId('history').locator('li').count(), WAIT).toBe(2);
    await page.getByTestId('undo').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('history').locator('li').count(), WAIT).toBe(1);
    await expect.poll(() => focused(page), WAIT).toBe('undo');
    expect(app.problems).toEqual([]);
  });

  it('a double click on Engel und Bengel\'s roll enters the roll once', async () => {
    const app = await open();
    const { page } = app;
    await page.getByTestId('pick-engel-und-bengel').click();
    await page.getByTestId('start').click();
    for (let i = 0; i < 10 && !(await page.getByTestId('confirm-roll').isEnabled()); i++) await page.getByTestId('value-3').click();
    await page.evaluate(`{ const b = document.querySelector('[data-testid="confirm-roll"]'); b.click(); b.click(); }`);
    await page.getByTestId('hand').waitFor();
    const lines = ((await record(page, recordKey('engel-und-bengel'))) ?? '').trim().split('\n');
    expect(lines.map((l: string) => JSON.parse(l).kind)).toEqual(['start', 'move']);
    expect(app.problems).toEqual([]);
  });

  it('the resume list discards a saved game only after asking, and Esc keeps it', async () => {
    const app = await open();
    const { page } = app;
    await annasFirstMove(page);
    const saved = await record(page);
    await page.getByTestId('home').click();
    const entry = page.getByTestId('in-progress-plus');
    await expect.poll(() => entry.textContent(), WAIT).toMatch(/Anna, Ben.*Zug 2/s);

    await page.getByTestId('discard-plus').click();
    const dialog = page.getByTestId('discard-dialog');
    await expect.poll(() => dialog.textContent(), WAIT).toMatch(/verwerfen\?.*Plus.*·\s*Anna, Ben\s*·\s*Zug 2/s);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    await page.getByTestId('discard-plus').click();
    await page.getByTestId('discard-keep').click();
    expect(await record(page)).toBe(saved);
    await expect.poll(() => entry.count(), WAIT).toBe(1);

    await page.getByTestId('discard-plus').click();
    await page.getByTestId('discard-confirm').click();
    await expect.poll(() => entry.count(), WAIT).toBe(0);
    expect(await record(page)).toBeNull();
    await page.reload();
    await expect.poll(() => page.getByTestId('in-progress').count(), WAIT).toBe(0);
    await page.getByTestId('pick-plus').click();
    await expect.poll(() => page.getByTestId('resume-banner').count(), WAIT).toBe(0);
    expect(app.problems).toEqual([]);
  });

  it('two tabs on one game: the second follows the first, and a move or undo on an old position never overwrites', async () => {
    const app = await open();
    const a = app.page;
    await annasFirstMove(a);
    // A second tab of the same browser (the same storage), on the same game.
    const b = await app.context.newPage();
    const problemsB: string[] = [];
    b.on('pageerror', (e) => problemsB.push(e.message));
    await b.goto(inject('baseURL'));
    await b.getByTestId('resume-plus').click();
    await expect.poll(() => b.getByTestId('to-move').textContent(), WAIT).toContain('Ben ist am Zug');

    // A plays on: B follows, and says why its screen changed.
    await tapAll(a, 'face-V-4', 'confirm');
    await expect.poll(() => b.getByTestId('die-V').textContent(), WAIT).toBe('4');
    await expect.poll(() => b.getByTestId('to-move').textContent(), WAIT).toContain('Anna ist am Zug');
    await expect.poll(() => b.getByTestId('record-notice').textContent(), WAIT).toContain('In einem anderen Fenster wurde dieses Spiel weitergespielt');

    // B plays the next move, and A follows it.
    await tapAll(b, 'face-IV-5', 'confirm');
    await expect.poll(() => a.getByTestId('die-IV').textContent(), WAIT).toBe('5');
    expect(await moveLines(a)).toBe(3);

    // Undo in B takes back B's move only, never A's.
    await b.getByTestId('undo').click();
    await expect.poll(() => moveLines(a), WAIT).toBe(2);
    await expect.poll(() => a.getByTestId('die-IV').textContent(), WAIT).toBe('3');

    // Where a tab missed the word (the record changed behind its back: written from B's own page,
    // so neither a channel message nor a storage event reaches B), its move on the old position is
    // refused, said, and the screen shows what the record holds.
    const held = (await record(a))!;
    const m3 = encodeLine({ kind: 'move', move: { to: { III: 1, IV: 5, V: 4 } }, source: 'tap' });
    await b.evaluate(`localStorage.setItem(${JSON.stringify(PLUS)}, ${JSON.stringify(held + m3)})`);
    await tapAll(b, 'face-IV-5', 'confirm');
    await expect.poll(() => b.getByTestId('record-notice').textContent(), WAIT).toMatch(/anderen Fenster.*Der Zug wurde nicht gespeichert/s);
    expect(await record(a)).toBe(held + m3);
    await expect.poll(() => b.getByTestId('die-IV').textContent(), WAIT).toBe('5');
    await b.getByTestId('undo').click();
    await expect.poll(() => record(a), WAIT).toBe(held);
    expect(app.problems).toEqual([]);
    expect(problemsB).toEqual([]);
  });

  it('a double click on Undo takes back what one click does, on all five screens, and throws nothing', async () => {
    const app = await open();
    const { page } = app;
    // Each game set up, then its last tap: what one Undo takes back (the duel's a die's whole walk).
    const games: [string, (p: Page) => Promise<void>, (p: Page) => Promise<void>][] = [
      ['plus', annasFirstMove, (p) => tapAll(p, 'face-V-4', 'confirm')],
      ['engel-und-bengel', (p) => startGame(p, 'engel-und-bengel', 2), eubRoll],
      ['diabolo', async (p) => (await startGame(p, 'diabolo', 3), await tapAll(p, 'c1.angel.1', 'value-5')), (p) => tapAll(p, 'c2.devil.1', 'value-4')],
      ['himmel-a-und-zwirn', async (p) => (await startGame(p, 'himmel-a-und-zwirn', 3), await tapAll(p, 'card-60', 'card-70')), (p) => tapAll(p, 'card-10', 'pile1')],
      ['himmel-und-hoelle', (p) => startGame(p, 'himmel-und-hoelle', 2), duelWalk],
    ];
    for (const [game, setUp, lastTap] of games) {
      const lines = () => moveLines(page, recordKey(game));
      await page.goto(inject('baseURL'));
      await setUp(page);
      await lastTap(page);
      const played = await lines();
      await page.getByTestId('undo').click();
      await expect.poll(lines, { ...WAIT, message: game }).toBeLessThan(played);
      // A take-back of several actions (the duel's walk) writes one after another: wait till it rests.
      let once = await lines();
      for (let last = -1; once !== last; once = await lines()) {
        last = once;
        await page.waitForTimeout(300);
      }
      await lastTap(page);
      await expect.poll(lines, { ...WAIT, message: game }).toBe(played);
      // Two clicks in one task: the second comes before the first take-back is written.
      await page.evaluate(`{ const b = document.querySelector('[data-testid="undo"]'); b.click(); b.click(); }`);
      await expect.poll(lines, { ...WAIT, message: game }).toBe(once);
      await page.waitForTimeout(300);
      expect(await lines(), game).toBe(once);
      await page.getByTestId('home').click();
    }
    expect(app.problems).toEqual([]);
  });

  it('undo takes back the move on screen, whatever torn line the record ends in, and the next move continues a clean record', async () => {
    const app = await open();
    const { page } = app;
    await annasFirstMove(page);
    await page.getByTestId('face-V-4').click();
    await page.getByTestId('confirm').click();
    // The screen moves on once the line is written.
    await expect.poll(() => page.getByTestId('to-move').textContent(), WAIT).toContain('Anna ist am Zug');
    const two = (await record(page))!;
    // A half line at the end, as a write cut short leaves it (issue 16: undo then took back the
    // half line instead of the move, and file and screen were one move apart).
    await page.evaluate(`localStorage.setItem(${JSON.stringify(PLUS)}, ${JSON.stringify(two + '{"kind":"move","mo')})`);
    await page.getByTestId('undo').click();
    await expect.poll(() => page.getByTestId('history').locator('li').count(), WAIT).toBe(1);
    expect(await moveLines(page)).toBe(1);
    await page.getByTestId('face-V-4').click();
    await page.getByTestId('confirm').click();
    await expect.poll(() => page.getByTestId('history').locator('li').count(), WAIT).toBe(2);
    const text = (await record(page))!;
    expect(text.split('\n').slice(0, -1).map((l: string) => JSON.parse(l).kind)).toEqual(['start', 'move', 'move']);
    await page.reload();
    await expect.poll(() => page.getByTestId('die-V').textContent(), WAIT).toBe('4');
    await expect.poll(() => page.getByTestId('to-move').textContent(), WAIT).toContain('Anna ist am Zug');
    expect(app.problems).toEqual([]);
  });

  it('on a full storage a move, an undo and a new game are refused with a notice in the current language, and nothing is lost', async () => {
    const app = await open();
    const { page } = app;
    await annasFirstMove(page);
    const saved = await record(page);

    expect(await fillStorage(page)).toBeGreaterThan(0);
    await page.getByTestId('face-V-4').click();
    await page.getByTestId('confirm').click();
    const notice = page.getByTestId('record-notice');
    await expect.poll(() => notice.textContent(), WAIT).toContain('Der Zug wurde nicht gespeichert. Der Speicher ist voll.');
    // The screen is what the record holds: Ben still to move, one move in the history.
    await expect.poll(() => page.getByTestId('to-move').textContent(), WAIT).toContain('Ben ist am Zug');
    await expect.poll(() => page.getByTestId('history').locator('li').count(), WAIT).toBe(1);
    expect(await record(page)).toBe(saved);
    // Rendered when shown: the language switch changes it.
    await page.getByTestId('lang-en').click();
    await expect.poll(() => notice.textContent(), WAIT).toContain('The move was not saved. The storage is full.');
    await page.getByTestId('lang-de').click();

    // Room again: the same move goes in.
    await freeStorage(page);
    await page.getByTestId('face-V-4').click();
    await page.getByTestId('confirm').click();
    await expect.poll(() => page.getByTestId('to-move').textContent(), WAIT).toContain('Anna ist am Zug');
    expect(await moveLines(page)).toBe(2);

    // Undo and a new game shrink the record, so a full storage still takes them; a storage that
    // refuses every write (read-only, broken) does not, and nothing changes.
    const two = await record(page);
    await refuseWrites(page);
    await page.getByTestId('undo').click();
    await expect.poll(() => notice.textContent(), WAIT).toContain('Die Rücknahme wurde nicht gespeichert. Der Speicher meldet einen Fehler.');
    await expect.poll(() => page.getByTestId('history').locator('li').count(), WAIT).toBe(2);
    expect(await record(page)).toBe(two);

    await page.getByTestId('home').click();
    await page.getByTestId('pick-plus').click();
    await page.getByTestId('start').click();
    await page.getByTestId('replace-confirm').click();
    await expect.poll(() => notice.textContent(), WAIT).toContain('Das neue Spiel wurde nicht gespeichert und nicht begonnen.');
    await expect.poll(() => page.getByTestId('start').isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.getByTestId('resume-banner').isVisible(), WAIT).toBe(true);
    expect(await record(page)).toBe(two);
    await allowWrites(page);
    expect(app.problems).toEqual([]);
  });

  it('resumes the longest valid part of a broken record, says what was dropped, and keeps a copy', async () => {
    const start = encodeLine({ kind: 'start', game: 'plus', options: { variant: 1, everyDieRises: false, players: 2 }, players: ['Anna', 'Ben'] });
    const m1 = encodeLine({ kind: 'move', move: { to: { III: 1, IV: 3, V: 2 } }, source: 'tap' });
    const m2 = encodeLine({ kind: 'move', move: { to: { III: 1, IV: 3, V: 4 } }, source: 'tap' });
    // The full disk of issue 16: a torn line with the next move glued onto it.
    const broken = start + m1 + m2.slice(0, 22) + m2;
    const app = await open({ localStorage: { [PLUS]: broken } });
    const { page } = app;
    const notice = page.getByTestId('record-notice');
    await expect.poll(() => notice.textContent(), WAIT).toMatch(/Plus.*ab Zug 2 nicht lesbar; eine Zeile wurde verworfen.*Kopie des Protokolls liegt unter schiri\.record\.plus\..*\.bad/s);
    const copies = await badCopies(page, `${PLUS}.`);
    expect(copies).toHaveLength(1);
    expect(await record(page, copies[0])).toBe(broken);
    expect(await record(page)).toBe(start + m1);
    await page.getByTestId('resume-plus').click();
    await expect.poll(() => page.getByTestId('to-move').textContent(), WAIT).toContain('Ben ist am Zug');
    // The next move continues a clean record.
    await page.getByTestId('face-V-4').click();
    await page.getByTestId('confirm').click();
    expect((await record(page))!.split('\n').slice(0, -1).every((l: string) => JSON.parse(l))).toBe(true);
    expect(app.problems).toEqual([]);
  });

  it('a start line whose players are not a list hides no other saved game: it is kept as .bad and said', async () => {
    // Issue 63: "players": "Anna" made the picker throw (e.map is not a function) and list nothing.
    const bad = '{"kind":"start","game":"plus","options":{"variant":1,"everyDieRises":false,"players":2},"players":"Anna"}\n';
    const good = encodeLine({ kind: 'start', game: 'diabolo', options: { view: 'referee', players: 3 }, players: ['Anna', 'Ben', 'Cem'] });
    const app = await open({ localStorage: { [PLUS]: bad, [recordKey('diabolo')]: good } });
    const { page } = app;
    await expect.poll(() => page.getByTestId('in-progress-diabolo').textContent(), WAIT).toContain('Anna, Ben, Cem');
    await expect.poll(() => page.getByTestId('in-progress-plus').count(), WAIT).toBe(0);
    const notice = page.getByTestId('record-notice');
    await expect.poll(() => notice.textContent(), WAIT).toMatch(/Plus.*unlesbar.*Kopie des Protokolls liegt unter schiri\.record\.plus\..*\.bad/s);
    await expect.poll(() => page.getByTestId('record-notice').locator('code').textContent(), WAIT).toContain('"players" must be a list');
    const copies = await badCopies(page, `${PLUS}.`);
    expect(copies).toHaveLength(1);
    expect(await record(page, copies[0])).toBe(bad);
    // A new Plus game replaces only what was kept.
    await startPlus(page);
    expect(await badCopies(page, `${PLUS}.`)).toHaveLength(1);
    expect(app.problems).toEqual([]);
  });

  it('an unreadable Diabolo record never silently disappears: it is kept, and its screen says so', async () => {
    const bad = '{"kind":"start","game":"diabolo","options":{"players":9}}\n{"kind":"move"}\n';
    const app = await open({ localStorage: { [recordKey('diabolo')]: bad } });
    const { page } = app;
    const notice = page.getByTestId('record-notice');
    await expect.poll(() => notice.textContent(), WAIT).toMatch(/Himmel \+ Hölle \(Diabolo\).*unlesbar.*Kopie/s);
    const copies = await badCopies(page, `${recordKey('diabolo')}.`);
    expect(copies).toHaveLength(1);
    expect(await record(page, copies[0])).toBe(bad);
    await page.getByTestId('pick-diabolo').click();
    await expect.poll(() => notice.textContent(), WAIT).toContain('Das gespeicherte Spiel ist unlesbar.');
    await page.getByTestId('lang-en').click();
    await expect.poll(() => notice.textContent(), WAIT).toContain('The saved game cannot be read.');
    // A new game now replaces nothing that was not kept; the notice goes with it.
    await page.getByTestId('start').click();
    await expect.poll(() => page.getByTestId('to-move').isVisible(), WAIT).toBe(true);
    await expect.poll(() => notice.count(), WAIT).toBe(0);
    expect(await badCopies(page, `${recordKey('diabolo')}.`)).toHaveLength(1);
    expect(app.problems).toEqual([]);
  });
});
