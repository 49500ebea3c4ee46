import { parseArgs } from 'node:util';
import { DEFAULT_PALETTE, parseHex } from '../hardware/core/color.ts';
import { LedBoard } from '../hardware/board.ts';
import { HardwareError } from '../hardware/core/errors.ts';
import { everyField } from '../hardware/core/frame.ts';
import { MEANINGS, type LedIntent } from '../hardware/core/intent.ts';
import { loadLayout } from '../hardware/layout-file.ts';
import { PROTOCOL_CHOICES } from '../hardware/protocols/index.ts';
import { ledCountProblem } from '../hardware/core/settings.ts';
import { DEFAULT_RESERVE_MA } from '../hardware/core/power.ts';
import { listPortsWithNote } from '../hardware/serial/port.ts';
import { intOption, oneOf, parsed, printError, textOf, UsageError } from './args.ts';

const HELP = `usage: schiri led --list
       schiri led --port PATH [--protocol auto|adalight|wled|tpm2] --layout NAME|FILE.json
                  --light FIELD[,FIELD...]|all [--color HEX] [--as legal|selected|illegal|computer]
                  [--brightness 0-255] [--supply-ma MA] [--reserve-ma MA] [--baud N] [--once]

Lights fields of a layout on an LED board with stock firmware (WLED or an Adalight sketch).
Without --once it keeps the lights on (and WLED's realtime mode alive) until Ctrl-C, then
darkens the board; it reconnects on its own if the cable is pulled.
  --list        serial ports, one a line: path, manufacturer, vendor:product
  --protocol    auto (default) asks the board "v": WLED answers and gets JSON, else Adalight
  --as          the meaning whose colour lights the fields (default legal)
  --color       a colour of your own instead, e.g. #00ff00
  --supply-ma   what the LED supply gives (default 1000); frames are dimmed to stay within it
  --reserve-ma  what the controller draws from the same supply (default ${DEFAULT_RESERVE_MA})
  --once        write the frame, wait until it is out, and exit`;

const OPTIONS = {
  list: { type: 'boolean' },
  port: { type: 'string' },
  protocol: { type: 'string' },
  layout: { type: 'string' },
  light: { type: 'string' },
  color: { type: 'string' },
  as: { type: 'string' },
  brightness: { type: 'string' },
  'supply-ma': { type: 'string' },
  'reserve-ma': { type: 'string' },
  baud: { type: 'string' },
  once: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const OPEN_TIMEOUT_MS = 5000;

export async function run(args: string[]): Promise<number> {
  try {
    return await led(args);
  } catch (e) {
    printError('led', textOf(e));
    return e instanceof UsageError ? 2 : 1;
  }
}

async function led(args: string[]): Promise<number> {
  const o = parsed(() => parseArgs({ args, options: OPTIONS, strict: true }).values);
  if (o.help) {
    console.log(HELP);
    return 0;
  }
  if (o.list) {
    const { ports, note } = await listPortsWithNote();
    if (note) printError('led', note);
    for (const p of ports) {
      const id = p.vendorId ? `${p.vendorId}:${p.productId ?? ''}` : '';
      console.log([p.path, p.manufacturer ?? '', id].join('\t'));
    }
    return 0;
  }
  if (!o.port || !o.layout || !o.light) {
    throw new UsageError({ de: `--port, --layout und --light fehlen\n${HELP}`, en: `--port, --layout and --light are needed\n${HELP}` });
  }
  const protocol = oneOf(o.protocol, 'protocol', PROTOCOL_CHOICES, 'auto');
  const meaning = oneOf(o.as, 'as', MEANINGS, 'legal');
  const layout = loadLayout(o.layout);
  const ids = o.light === 'all' ? [...layout.fields.keys()] : o.light.split(',').map((s) => s.trim()).filter(Boolean);
  const missing = ids.filter((id) => !layout.fields.has(id));
  if (missing.length > 0) {
    const known = [...layout.fields.keys()].join(' ');
    throw new HardwareError('unknown-field', {
      de: `Layout ${layout.name} hat kein Feld ${missing.join(', ')} (Felder: ${known})`,
      en: `layout ${layout.name} has no field ${missing.join(', ')} (fields: ${known})`,
    });
  }
  const palette = o.color ? { ...DEFAULT_PALETTE, [meaning]: parseHex(o.color) } : DEFAULT_PALETTE;
  const board = new LedBoard({
    path: o.port,
    protocol,
    layout,
    palette,
    baudRate: intOption(o.baud, 'baud', 300, 4_000_000, 115200),
    brightness: intOption(o.brightness, 'brightness', 0, 255, 255),
    supplyMilliamps: intOption(o['supply-ma'], 'supply-ma', 1, 100_000, 1000),
    reserveMilliamps: intOption(o['reserve-ma'], 'reserve-ma', 0, 100_000, DEFAULT_RESERVE_MA),
  });
  board.link.on('problem', (p) => printError('led', p.text));
  // WLED answers every frame with its state: a short count is said once, not a thousand times.
  let said = '';
  board.link.on('board', (b) => {
    const short = ledCountProblem(b, layout.leds);
    if (short && short.en !== said) printError('led', short);
    said = short?.en ?? '';
  });
  const intent: LedIntent = ids.length === layout.fields.size ? everyField(layout, meaning) : Object.fromEntries(ids.map((id) => [id, meaning]));
  // WLED names itself in answer to the hello; --once waits a moment for it, so the summary says.
  const named = new Promise<void>((r) => board.link.on('board', (b) => b.leds !== null && r()));
  const shown = board.start().show(intent);
  const opened = await Promise.race([
    board.link.settled().then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), OPEN_TIMEOUT_MS)),
  ]);
  if (!opened) {
    await board.link.stop();
    printError('led', { de: `${o.port} ließ sich nicht öffnen`, en: `could not open ${o.port}` });
    return 1;
  }
  if (board.link.protocol.name === 'wled') await Promise.race([named, new Promise((r) => setTimeout(r, 500))]);
  console.log(
    JSON.stringify({
      port: o.port,
      protocol: board.link.protocol.name,
      layout: layout.name,
      lit: ids,
      milliamps: Math.round(shown.milliamps),
      dimmedForPower: shown.dimmedForPower,
      board: board.link.board,
    }),
  );
  if (o.once) {
    await board.link.stop();
    return 0;
  }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await board.close();
  return 0;
}
