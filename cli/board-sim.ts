import { resolve as absolute } from 'node:path';
import { parseArgs } from 'node:util';
import { loadLayout } from '../hardware/layout-file.ts';
import { PtyPair } from '../hardware/simulator/pty-pair.ts';
import { BoardSimulator } from '../hardware/simulator/simulator.ts';
import { intOption, oneOf, parsed, printError, textOf, UsageError } from './args.ts';

const HELP = `usage: schiri board-sim --port PATH --protocol adalight|wled [--leds N] [--layout NAME|FILE.json]
                        [--pair HOSTPATH] [--baud N]

Behaves like a board with stock firmware on the serial port PATH and prints what is lit after
every change as one JSON line: {"t":ms,"source":…,"lit":{"index":"RRGGBB"},"fields":{…}}.
  --protocol adalight   an Adalight sketch: "Ada" at start, Adalight frames
  --protocol wled       WLED: "Ada" at boot, v -> "WLED <build>", JSON API (answers only with
                        "v":true), Adalight/TPM2 in realtime mode with its 2.5 s timeout
  --leds N              LEDs on the simulated strip (default: the layout's, else 256)
  --layout              also name the lit fields
  --pair HOSTPATH       make a pty pair with socat first: PATH for the simulator, HOSTPATH for
                        schiri led or the app; no hardware needed
It reopens PATH when it comes back after an unplug. Ctrl-C ends it.`;

const OPTIONS = {
  port: { type: 'string' },
  protocol: { type: 'string' },
  leds: { type: 'string' },
  layout: { type: 'string' },
  pair: { type: 'string' },
  baud: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function run(args: string[]): Promise<number> {
  try {
    return await boardSim(args);
  } catch (e) {
    printError('board-sim', textOf(e));
    return e instanceof UsageError ? 2 : 1;
  }
}

async function boardSim(args: string[]): Promise<number> {
  const o = parsed(() => parseArgs({ args, options: OPTIONS, strict: true }).values);
  if (o.help) {
    console.log(HELP);
    return 0;
  }
  if (!o.port) throw new UsageError({ de: `--port fehlt\n${HELP}`, en: `--port is needed\n${HELP}` });
  const kind = oneOf(o.protocol, 'protocol', ['adalight', 'wled'] as const);
  const layout = o.layout ? loadLayout(o.layout) : undefined;
  if (o.pair && absolute(o.pair) === absolute(o.port)) {
    throw new UsageError({ de: `--pair und --port brauchen zwei verschiedene Pfade, nicht zweimal ${o.port}`, en: `--pair and --port need two different paths, not ${o.port} twice` });
  }
  const pair = o.pair ? await PtyPair.open(o.pair, o.port) : null;
  const sim = new BoardSimulator({
    path: o.port,
    kind,
    leds: intOption(o.leds, 'leds', 1, 4096, layout?.leds ?? 256),
    layout,
    baudRate: intOption(o.baud, 'baud', 300, 4_000_000, 115200),
  });
  sim.on('line', (line) => console.log(JSON.stringify(line)));
  sim.start();
  if (pair) console.error(`schiri board-sim: ${kind} auf ${o.port}; App oder schiri led an ${pair.a} / app or schiri led on ${pair.a}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await sim.stop();
  await pair?.close();
  return 0;
}
