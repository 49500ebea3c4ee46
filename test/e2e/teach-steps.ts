/**
 * The steps of the "Würfel anlernen" dialog that teaching standard dice (teach-dice.e2e.ts) and
 * Miwin's (teach-miwin.e2e.ts) take alike: teach the rolls taken, export the set, import a file.
 */
import type { Page } from 'playwright-core';

/** Names the rolls taken so far and teaches them; the dialog's sureness line once it is taught. */
export async function learnSet(page: Page, name: string, timeout: number): Promise<string | null> {
  await page.getByTestId('teach-name').fill(name);
  await page.getByTestId('teach-learn').click();
  await page.getByTestId('teach-message').filter({ hasText: `„${name}“ angelernt` }).waitFor({ timeout });
  return page.getByTestId('teach-sure').textContent();
}

/** Saves the set in use to `file`, as the dialog's export offers it. */
export async function exportSet(page: Page, file: string): Promise<void> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('teach-export').click()]);
  await download.saveAs(file);
}

/** Imports `file` and waits until the dialog says the set `name` is loaded. */
export async function importSet(page: Page, file: string, name: string, timeout: number): Promise<void> {
  await page.getByTestId('teach-import').setInputFiles(file);
  await page.getByTestId('teach-message').filter({ hasText: `„${name}“ geladen` }).waitFor({ timeout });
}
