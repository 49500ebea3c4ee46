import type { Tafel } from '../../engine/engel-und-bengel/tafel.ts';
import { duelPrintable, tafelSheetPrintable } from '../../vision/board/printable.ts';
import { markerWarning } from '../games/engel-und-bengel/own-tafeln.ts';
import { tx } from '../i18n/index.svelte.ts';
import type { PrintJob } from './print.svelte.ts';

/** The duel's board, as `schiri boards` writes it. */
export function duelJob(): PrintJob {
  return {
    title: tx('Spielbrett Himmel und Hölle', 'The Himmel und Hölle board'),
    boards: () => {
      const p = duelPrintable();
      return [{ id: p.id, name: tx('Himmel und Hölle', 'Himmel und Hölle'), svg: p.svg, size: p.size }];
    },
  };
}

/** Engel und Bengel Tafeln as sheets to play on, their words in the app's language. */
export function tafelJob(tafeln: readonly Tafel[]): PrintJob {
  const title = tafeln.length === 1 ? tx(`Tafel ${tafeln[0].name.de}`, `Tafel ${tafeln[0].name.en}`) : tx(`${tafeln.length} Tafeln`, `${tafeln.length} Tafeln`);
  return {
    title,
    boards: (lang) =>
      tafeln.map((t) => {
        const p = tafelSheetPrintable(t, { lang });
        return { id: p.id, name: t.name, svg: p.svg, size: p.size, warning: markerWarning(t) };
      }),
  };
}
