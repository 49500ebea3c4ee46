import { formatTafel, parseTafel, TafelError, type Tafel } from '../../../engine/engel-und-bengel/tafel.ts';
import type { Text } from '../../../engine/core/contract.ts';
import { bridge } from '../../bridge/index.ts';
import { markerClashes, placedTafelBoard } from '../../../vision/board/board.ts';
import type { Lang } from '../../i18n/index.svelte.ts';
import { boxName } from './names.ts';
import { offerFile } from '../../components/offer-file.ts';
// Marker k lies in the k-th corner of the click order (board.ts: clockwise from top left).
import { CORNER_NAMES } from '../../vision/corners.ts';

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
  offerFile(`${t.id}.json`, formatTafel(t), 'application/json');
}

/**
 * What to say before a Tafel's sheet is printed (renderer/print/boards.ts): boxes so close to a
 * corner marker that a die can cover it, where the camera then needs the corners clicked; null
 * when there are none.
 */
export function markerWarning(t: Tafel): Text | null {
  const clashes = markerClashes(placedTafelBoard(t));
  if (clashes.length === 0) return null;
  const list = (lang: Lang) => clashes.map((c) => `${boxName(c.field)[lang]} (${CORNER_NAMES[c.marker - 1][lang]})`).join('; ');
  return {
    de: `Zu nah an einer Eckmarke: ${list('de')}. Ein Würfel dort kann die Marke verdecken; dann die Ecken in der Kamera anklicken oder die Kästchen weiter nach innen legen.`,
    en: `Too close to a corner marker: ${list('en')}. A die there can cover the marker; then click the corners in the camera, or move the boxes further in.`,
  };
}
