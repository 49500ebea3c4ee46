/** A worker of engine-pool.ts: answers one request line a message, as the main thread would. */
import { parentPort } from 'node:worker_threads';
import { answerLine } from '../engine/protocol.ts';

parentPort?.on('message', (line: string) => parentPort?.postMessage(answerLine(line)));
