import { constants, readFileSync, readlinkSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { answerLine, isBlank, MAX_LINE, requestKind } from '../engine/protocol.ts';
import { EnginePool } from './engine-pool.ts';
import { printError } from './args.ts';

const HELP = `usage: schiri engine

Reads one JSON request a line on stdin and writes one JSON answer a line on stdout, until stdin
closes. explain, bot and solve run in worker threads: an answer to a request with an "id" is
written as soon as it is ready, so a long search never holds up the next; answers to requests
without one keep their order. Protocol: docs/engine-protocol.md. Example:
  echo '{"id":1,"cmd":"new","game":"plus","options":{"variant":1}}' | schiri engine`;

/** Requests whose answers may wait at once before reading waits: memory stays bounded. */
const MAX_PENDING = 64;

const TOO_LONG = JSON.stringify({ ok: false, error: { code: 'bad-request', message: `the line is longer than ${MAX_LINE} bytes` } });

export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  if (args.length > 0) {
    console.error(`schiri engine: unexpected argument "${args[0]}"\n${HELP}`);
    return 2;
  }
  if (stdoutWasClosed()) return outputFailed(Object.assign(new Error('stdout closed'), { code: 'EBADF' }));
  return serve(process.stdin, process.stdout);
}

/**
 * Node opens /dev/null read-write in place of a closed stdout before any script runs, so writes to
 * it succeed and are lost: that is told apart from a `>/dev/null` of the user's by its read-write
 * mode (Linux; elsewhere nothing is known).
 */
function stdoutWasClosed(): boolean {
  try {
    if (readlinkSync('/proc/self/fd/1') !== '/dev/null') return false;
    const flags = /^flags:\s*([0-7]+)/m.exec(readFileSync('/proc/self/fdinfo/1', 'utf8'));
    return !!flags && (parseInt(flags[1], 8) & 3) === constants.O_RDWR; // 3: O_ACCMODE
  } catch {
    return false;
  }
}

/**
 * Serves the protocol from `input` to `output` until the input ends (0) or the reader of the
 * output goes away (EPIPE: also 0, quietly, as `head` expects of a filter). Any other failure of
 * the output (a full disk, /dev/full, a closed stdout) is said on stderr and ends with 1: before,
 * it ended with 0 and without a word after 6 of 500 answers.
 *
 * `explain`, `bot` and `solve` are answered by worker threads (engine-pool.ts). An answer to a
 * request with an id is written once it is ready, before the answers to longer requests sent
 * earlier; an answer to a request without an id waits for every answer before it, so a driver
 * that sends no ids sees the order it sent. At most MAX_PENDING requests wait at once; then
 * reading waits too.
 *
 * Lines are cut by hand rather than with readline, which holds a line however long it grows: a line
 * past MAX_LINE bytes is answered `bad-request` at once and skipped to its newline, so memory stays
 * bounded whatever arrives. Reading waits while the output is full, so a driver that stops reading
 * answers stops the engine instead of growing it.
 */
export async function serve(input: Readable, output: Writable): Promise<number> {
  let broken = false;
  let failure: NodeJS.ErrnoException | undefined;
  output.on('error', (e: NodeJS.ErrnoException) => {
    // EPIPE or any other failure of the output: nobody can be answered any more.
    broken = true;
    failure ??= e;
    input.destroy();
  });
  let pieces: Buffer[] = [];
  let size = 0;
  let skipping = false;

  // The last answer handed to the output, settled once it is written or has failed.
  let written = Promise.resolve();
  const send = async (text: string) => {
    if (broken) return;
    // One line in, one line out, flushed at once: a driver waits for each answer.
    let room = true;
    written = new Promise<void>((resolve) => (room = output.write(text + '\n', () => resolve())));
    if (room) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        output.off('drain', done);
        output.off('error', done);
        output.off('close', done);
        resolve();
      };
      output.on('drain', done);
      output.on('error', done);
      output.on('close', done);
    });
  };

  const reset = () => {
    pieces = [];
    size = 0;
  };
  const pool = new EnginePool();
  /** Answers not yet written. */
  const pending = new Set<Promise<void>>();
  const dispatch = async (line: string) => {
    const kind = requestKind(line);
    if (!kind.long && pending.size === 0) return send(answerLine(line));
    const earlier = 'id' in kind ? [] : [...pending];
    const answer = kind.long ? pool.answer(line, kind.id) : Promise.resolve(answerLine(line));
    const written = (async () => {
      const text = await answer;
      await Promise.all(earlier);
      await send(text);
    })();
    pending.add(written);
    void written.finally(() => pending.delete(written));
    while (pending.size >= MAX_PENDING) await Promise.race(pending);
  };
  const answerPieces = async () => {
    const line = Buffer.concat(pieces).toString('utf8').replace(/\r$/, '');
    reset();
    // A blank line is no request and gets no answer (docs/engine-protocol.md, "Lines").
    if (!isBlank(line)) await dispatch(line);
  };

  try {
    for await (const chunk of input as AsyncIterable<Buffer | string>) {
      let buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      let nl: number;
      while (!broken && (nl = buf.indexOf(0x0a)) >= 0) {
        const part = buf.subarray(0, nl);
        buf = buf.subarray(nl + 1);
        if (skipping) skipping = false;
        else if (size + part.length > MAX_LINE) {
          reset();
          await send(TOO_LONG);
        } else {
          pieces.push(part);
          await answerPieces();
        }
      }
      if (broken) break;
      if (skipping || buf.length === 0) continue;
      if (size + buf.length > MAX_LINE) {
        // Answered now, not at its newline: a line that never ends must not wait for one.
        reset();
        skipping = true;
        await send(TOO_LONG);
      } else {
        pieces.push(buf);
        size += buf.length;
      }
    }
    // The last line may lack its newline.
    if (!broken && !skipping && size > 0) await answerPieces();
    // Answers still being worked out or buffered can fail after the input ended: wait for them before saying 0.
    while (pending.size > 0) await Promise.all(pending);
    if (!broken) await written;
  } catch (e) {
    if (!broken) throw e;
  } finally {
    await pool.close();
  }
  return outputFailed(failure);
}

/** 0 for no failure or EPIPE (the reader left); otherwise says which and gives 1. */
function outputFailed(failure: NodeJS.ErrnoException | undefined): number {
  if (!failure || failure.code === 'EPIPE') return 0;
  const why = failure.code ?? failure.message;
  printError('engine', { de: `Die Antworten können nicht geschrieben werden (${why}); die Engine hört auf.`, en: `cannot write the answers (${why}); the engine stops.` });
  return 1;
}
