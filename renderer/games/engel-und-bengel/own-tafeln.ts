import { formatTafel, parseTafel, TafelError, type Tafel } from '../../../engine/engel-und-bengel/tafel.ts';
import type { Text } from '../../../engine/core/contract.ts';
import { bridge } from '../../bridge/index.ts';

/** The user's own Tafeln, one per line, in the app's record store (a file in Electron, localStorage in a browser). */
const STORE_ID = 'engel-und-bengel-tafeln';

export interface OwnTafeln {
  tafeln: Tafel[];
  /** Lines that no longer load (a hand-edited store): named, and left out. */
  problems: Text[];
}

export async function loadOwnTafeln(): Promise<OwnTafeln> {
  const text = (await bridge.records.read(STORE_ID)) ?? '';
  const tafeln: Tafel[] = [];
  const problems: Text[] = [];
  text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .forEach((line, i) => {
      try {
        tafeln.push(parseTafel(JSON.parse(line), `Tafel ${i + 1}`));
      } catch (e) {
        problems.push(e instanceof TafelError ? e.text : { de: `Zeile ${i + 1}: kein JSON`, en: `line ${i + 1}: not JSON` });
      }
    });
  return { tafeln, problems };
}

export async function saveOwnTafeln(tafeln: readonly Tafel[]): Promise<void> {
  // The store takes complete JSON Lines only (Electron checks it), so no Tafeln is no store.
  if (tafeln.length === 0) await bridge.records.remove(STORE_ID);
  else await bridge.records.replace(STORE_ID, tafeln.map((t) => JSON.stringify(t) + '\n').join(''));
}

/** Offers a Tafel as a file to save, in the same form as the shipped ones. */
export function download(t: Tafel): void {
  const url = URL.createObjectURL(new Blob([formatTafel(t)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${t.id}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
