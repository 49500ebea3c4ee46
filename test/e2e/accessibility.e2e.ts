import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityProblems, openPerTest } from './harness.ts';
import { lastDieRecord } from './last-die.ts';
import { diaboloRecord, finishDiabolo } from './screens.ts';
import { duelEndRecord } from './duel-end.ts';
import { recordKey } from './storage-keys.ts';

const open = openPerTest();

/** axe-core on the screen as it is now, named, so a finding says where it was. */
async function check(page: Page, screen: string, found: string[]) {
  for (const p of await accessibilityProblems(page, { every: true })) found.push(`${screen}: ${p}`);
}

async function start(page: Page, game: string, players: number) {
  await page.getByTestId(`pick-${game}`).click();
  // The seats are counted only once the setup is on screen; counted earlier they are none yet.
  await page.getByTestId('player-0').waitFor();
  while ((await page.locator('[data-testid^="player-"]').count()) < players) await page.getByTestId('add-player').click();
  await page.getByTestId('start').click();
}

describe('axe-core on every screen: no findings of any impact', () => {
  for (const [game, players] of [['plus', 2], ['engel-und-bengel', 2], ['himmel-und-hoelle', 2], ['diabolo', 3], ['himmel-a-und-zwirn', 3]] as const) {
    it(`${game}: set up, in play, its help, in German and English`, async () => {
      const app = await open();
      const { page } = app;
      const found: string[] = [];
      await page.getByTestId(`pick-${game}`).click();
      await check(page, `${game} setup`, found);
      await page.getByTestId('home').click();
      await start(page, game, players);
      await check(page, `${game} in play`, found);
      await page.getByTestId('help').click();
      for (const tab of ['rules', 'symbols', 'camera']) {
        const button = page.getByTestId(`help-tab-${tab}`);
        if ((await button.count()) === 0) continue;
        await button.click();
        await check(page, `${game} help ${tab}`, found);
      }
      await page.keyboard.press('Escape');
      await page.getByTestId('lang-en').click();
      await check(page, `${game} in play, English`, found);
      expect(found).toEqual([]);
      expect(app.problems).toEqual([]);
    });
  }

  it('the picker, the LED board dialog, the Tafel editor', async () => {
    const app = await open();
    const { page } = app;
    const found: string[] = [];
    await check(page, 'picker', found);
    await page.getByTestId('led-settings').click();
    await check(page, 'LED board dialog', found);
    await page.keyboard.press('Escape');
    await page.getByTestId('pick-engel-und-bengel').click();
    await page.getByTestId('open-editor').click();
    await check(page, 'Tafel editor', found);
    await page.getByTestId('new-tafel').click();
    await check(page, 'Tafel editor, a draft', found);
    expect(found).toEqual([]);
    expect(app.problems).toEqual([]);
  });

  it('the resume list with its dates and the question before a game is discarded; Tafeln whose boxes show +1, −1 and ≠1–5', async () => {
    const app = await open({ localStorage: { [recordKey('diabolo')]: diaboloRecord() } });
    const { page } = app;
    const found: string[] = [];
    // The record's moves carry no time: a game played here gets one, shown in the list.
    await start(page, 'plus', 2);
    await page.getByTestId('face-IV-3').click();
    await page.getByTestId('confirm').click();
    await page.getByTestId('to-move').filter({ hasText: 'Spieler 2' }).waitFor();
    await page.getByTestId('home').click();
    await page.locator('[data-testid="in-progress-plus"] .when').waitFor();
    await check(page, 'picker with games in progress', found);
    await page.getByTestId('discard-plus').click();
    await check(page, 'discard question', found);
    await page.keyboard.press('Escape');
    // Sternschnuppe (+1), Regenbogen (≠1 … ≠1–5), Laterne (−1, ≠).
    for (const tafel of ['3', '7', '13']) {
      await page.getByTestId('pick-engel-und-bengel').click();
      await page.getByTestId('first-tafel').selectOption(tafel);
      await page.getByTestId('start').click();
      if (await page.getByTestId('replace-confirm').isVisible()) await page.getByTestId('replace-confirm').click();
      await page.getByTestId('tafel').waitFor();
      await check(page, `Engel und Bengel on Tafel ${tafel}`, found);
      await page.getByTestId('home').click();
    }
    expect(found).toEqual([]);
    expect(app.problems).toEqual([]);
  });

  it('the end screens: Plus, Engel und Bengel, Diabolo and Himmel und Hölle', async () => {
    const { record, last, before } = lastDieRecord();
    if (last.type !== 'place') throw new Error(`the game's last move is no placement: ${last.type}`);
    const app = await open({ localStorage: { [recordKey('engel-und-bengel')]: record, [recordKey('diabolo')]: diaboloRecord(), ...duelEndRecord().storage } });
    const { page } = app;
    const found: string[] = [];
    await start(page, 'plus', 2);
    for (const [d, f] of [['IV', 3], ['V', 4], ['IV', 5], ['V', 6]] as const) {
      await page.getByTestId(`face-${d}-${f}`).click();
      await page.getByTestId('confirm').click();
    }
    await page.getByTestId('end-screen').waitFor();
    await check(page, 'Plus end', found);
    await page.getByTestId('home').click();

    await page.getByTestId('pick-engel-und-bengel').click();
    await page.getByTestId('resume').click();
    await page.getByTestId(`hand-${before.turn!.hand.indexOf(last.value)}`).click();
    await page.getByTestId(`box-${last.box}`).click();
    await page.getByTestId('end-screen').waitFor();
    await check(page, 'Engel und Bengel end', found);
    await page.getByTestId('home').click();

    await finishDiabolo(page);
    await check(page, 'Diabolo end', found);
    await page.getByTestId('home').click();

    await page.getByTestId('pick-himmel-und-hoelle').click();
    await page.getByTestId('resume').click();
    await page.getByTestId('end-screen').waitFor();
    await check(page, 'Himmel und Hölle end', found);
    expect(found).toEqual([]);
    expect(app.problems).toEqual([]);
  });
});
