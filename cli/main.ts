/**
 * `schiri`: one entry, one module per command. Each command module exports `run(args)` and
 * resolves to the exit code, so a command is testable without spawning a process.
 */
const COMMANDS: Record<string, { summary: string; load: () => Promise<{ run(args: string[]): Promise<number> }> }> = {
  boards: { summary: 'write printable boards with corner markers (SVG)', load: () => import('./boards.ts') },
  engine: { summary: 'serve the rules engine as JSON Lines on stdin/stdout', load: () => import('./engine.ts') },
  simulate: { summary: 'play many games between computer players and print statistics', load: () => import('./simulate.ts') },
  led: { summary: 'light fields on an LED board (WLED, Adalight), list serial ports', load: () => import('./led.ts') },
  'board-sim': { summary: 'simulate an LED board with stock firmware on a serial port', load: () => import('./board-sim.ts') },
  read: { summary: 'read the dice in image files', load: () => import('./read.ts') },
  eval: { summary: 'score the dice reader on a YOLO-labelled image set', load: () => import('./eval.ts') },
};

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  return [
    'usage: schiri <command> [options]',
    '',
    ...Object.entries(COMMANDS).map(([k, c]) => `  ${k.padEnd(width)}  ${c.summary}`),
    '',
    'schiri <command> --help shows the options of one command.',
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  if (!cmd || cmd === '--help' || cmd === '-h' || cmd === 'help') {
    console.log(usage());
    return cmd ? 0 : 2;
  }
  // Own keys only: `schiri constructor` is no command.
  const entry = Object.hasOwn(COMMANDS, cmd) ? COMMANDS[cmd] : undefined;
  if (!entry) {
    console.error(`schiri: unknown command "${cmd}"\n\n${usage()}`);
    return 2;
  }
  return (await entry.load()).run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`schiri: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
