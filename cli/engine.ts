import { createInterface } from 'node:readline';
import { answerLine } from '../engine/protocol.ts';

const HELP = `usage: schiri engine

Reads one JSON request a line on stdin and writes one JSON answer a line on stdout, until stdin
closes. Protocol: docs/engine-protocol.md. Example:
  echo '{"id":1,"cmd":"new","game":"plus","options":{"variant":1}}' | schiri engine`;

export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  if (args.length > 0) {
    console.error(`schiri engine: unexpected argument "${args[0]}"\n${HELP}`);
    return 2;
  }
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  for await (const line of rl) {
    if (line.trim() === '') continue;
    // One line in, one line out, flushed at once: a driver waits for each answer.
    process.stdout.write(answerLine(line) + '\n');
  }
  return 0;
}
