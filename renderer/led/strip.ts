import type { Text } from '../../engine/core/contract.ts';
import type { Layout } from '../../hardware/core/layouts/format.ts';
import { join, tx } from '../i18n/text.ts';
import { PLAIN_VIEW, VIEWS } from './views.ts';

/** The field under each LED of the strip, in strip order ('' where an LED lies under no field). */
export function stripOrder(layout: Layout): string[] {
  const order = Array.from({ length: layout.leds }, () => '');
  for (const [id, leds] of layout.fields) for (const i of leds) order[i] = id;
  return order;
}

/**
 * How the strip lies under the board, in words a person wiring it can follow: where LED 1 (the
 * first after the controller's data line) lies and the first few after it, which shows the way the
 * strip runs and snakes, then where the last one lies. Runs of LEDs under one field are said once.
 */
export function stripWords(layout: Layout, shown = 8): Text {
  const view = VIEWS[layout.name] ?? PLAIN_VIEW;
  const runs: { from: number; to: number; id: string }[] = [];
  stripOrder(layout).forEach((id, i) => {
    const last = runs[runs.length - 1];
    if (last && last.id === id) last.to = i;
    else runs.push({ from: i, to: i, id });
  });
  const leds = (r: { from: number; to: number }) => (r.from === r.to ? `LED ${r.from + 1}` : `LED ${r.from + 1}–${r.to + 1}`);
  const say = (r: { from: number; to: number; id: string }): Text => {
    const where = r.id ? view.field(r.id).name : tx('kein Feld (bleibt dunkel)', 'no field (stays dark)');
    return { de: `${leds(r)}: ${where.de}`, en: `${leds(r)}: ${where.en}` };
  };
  const head = runs.slice(0, shown).map(say);
  const tail = runs.length > shown ? [tx('…', '…'), say(runs[runs.length - 1])] : [];
  return join(
    [
      tx(
        'LED 1 ist die erste hinter dem Controller, wo das Datenkabel am Streifen ankommt (DIN, der Pfeil auf dem Streifen zeigt von ihr weg). So liegen die LEDs unter dem Brett:',
        'LED 1 is the first after the controller, where the data line meets the strip (DIN; the arrow on the strip points away from it). This is how the LEDs lie under the board:',
      ),
      join([...head, ...tail], '; '),
    ],
    ' ',
  );
}
