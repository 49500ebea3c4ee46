import { describe, expect, it } from 'vitest';
import type { Json } from '../../engine/core/contract.ts';
import type { RecordLine } from '../../engine/core/record.ts';
import { findGame } from '../../engine/registry.ts';
import { openPerTest } from './harness.ts';
import { recordKey, storedItem } from './storage-keys.ts';

const open = openPerTest();

/** Every screen whose setup offers the game's marked interpretations, with the players it needs. */
const SCREENS: [id: string, players: number][] = [
  ['engel-und-bengel', 2],
  ['himmel-und-hoelle', 2],
  ['diabolo', 3],
  ['himmel-a-und-zwirn', 3],
];

describe('house rules in the setup panels, in Chromium', () => {
  it.each(SCREENS)('%s: every interpretation is a switch, and the switched values start the game', async (id, players) => {
    const game = findGame(id)!;
    // A moot interpretation (no legal game reaches its case, engine/core/contract.ts) is not offered.
    const houseRules = game.options.filter((o) => o.interpretation && !o.moot);
    const app = await open();
    const { page } = app;
    await page.getByTestId(`pick-${id}`).click();
    for (const o of game.options.filter((x) => x.moot)) await expect(page.getByTestId(`option-${o.key}-${o.default}`).count()).resolves.toBe(0);
    // Folded away until asked for, saying nothing is changed yet.
    await expect(page.getByTestId('house-rules').getAttribute('open')).resolves.toBeNull();
    await expect(page.getByTestId('house-rules-summary').textContent()).resolves.toBe('alle wie vorgeschlagen');
    await page.getByTestId('house-rules').locator(':scope > summary').click();

    // Every switch away from its default: what the record holds must be what was clicked.
    const chosen: Record<string, Json> = {};
    for (const o of houseRules) {
      // An option that matters only with another's value is drawn only while that value is chosen.
      if (o.onlyWith && (chosen[o.onlyWith.key] ?? houseRules.find((x) => x.key === o.onlyWith!.key)?.default) !== o.onlyWith.value) {
        await expect(page.getByTestId(`option-${o.key}`).count()).resolves.toBe(0);
        continue;
      }
      if (o.type === 'boolean') {
        const box = page.getByTestId(`option-${o.key}`);
        await expect(box.isChecked()).resolves.toBe(o.default);
        await box.click();
        chosen[o.key] = !o.default;
      } else if (o.type === 'enum') {
        await expect(page.getByTestId(`option-${o.key}-${o.default}`).isChecked()).resolves.toBe(true);
        const other = o.values.find((v) => v.value !== o.default)!.value;
        await page.getByTestId(`option-${o.key}-${other}`).click();
        chosen[o.key] = other;
      } else {
        const field = page.getByTestId(`option-${o.key}`);
        await expect(field.inputValue()).resolves.toBe(String(o.default));
        const other = o.default < o.max ? o.default + 1 : o.min;
        await field.fill(String(other));
        await field.press('Tab');
        chosen[o.key] = other;
      }
    }
    await expect(page.getByTestId('house-rules-summary').textContent()).resolves.toBe(`${Object.keys(chosen).length} geändert`);
    for (let i = 0; i < players; i++) await page.getByTestId(`player-${i}`).fill(`P${i + 1}`);
    await page.getByTestId('start').click();
    await page.getByTestId('to-move').or(page.getByTestId('prompt')).first().waitFor();

    const record = await storedItem(page, recordKey(id));
    const start = JSON.parse(record!.split('\n')[0]) as RecordLine;
    expect(start.kind).toBe('start');
    if (start.kind === 'start') expect(start.options).toMatchObject(chosen);
    expect(app.problems).toEqual([]);
  });
});

describe.each([
  { width: 1280, height: 800 },
  { width: 1024, height: 640 },
])('house rules explained in a player\'s words at $width x $height', (size) => {
  it.each(SCREENS)('%s: each switch says the choice and its effect; the rules text\'s reasoning waits behind "mehr"', async (id) => {
    const app = await open();
    const { page } = app;
    await page.setViewportSize(size);
    await page.getByTestId(`pick-${id}`).click();
    await page.getByTestId('house-rules').locator(':scope > summary').click();
    const helps = await page.locator('[data-testid$="-help"]:visible').allTextContents();
    // Zwirn's switches need no explanation beyond their labels.
    expect(helps.length > 0).toBe(id !== 'himmel-a-und-zwirn');
    // What the sources do or do not say is for who asks: not the first thing a player reads.
    for (const h of helps) expect(h).not.toMatch(/Keine Quelle|Der Text|Die Anleitung|Rezensionen/);
    const whys = page.locator('[data-testid$="-why"]');
    for (let k = 0; k < (await whys.count()); k++) {
      const why = whys.nth(k);
      await expect(why.getAttribute('open')).resolves.toBeNull();
      await why.locator('summary').click();
      await expect(why.locator('p').isVisible()).resolves.toBe(true);
    }
    if (id === 'himmel-und-hoelle') {
      await expect(page.getByTestId('option-repetition-help').textContent()).resolves.toMatch(/^Beginnt dieselbe Stellung/);
      await expect(page.getByTestId('option-repetition-why').textContent()).resolves.toContain('Der Text kennt kein Ende für ein festgefahrenes Spiel');
      await page.getByTestId('option-repetition-why').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/schiri-house-rules-${size.width}.png` });
    }
    expect(app.problems).toEqual([]);
  });
});

