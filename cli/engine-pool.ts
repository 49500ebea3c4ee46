import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { tsWorker } from './lib/ts-worker.ts';

/**
 * Worker threads that answer the requests that may take long (`explain`, `bot`, `solve`) for
 * `schiri engine`, so a long search never holds up the answers to the requests after it. A worker
 * that dies answers its request `internal` and is replaced.
 */
const ENTRY = new URL('./engine-worker.ts', import.meta.url);

/** One worker a core, at most four: more cannot run at once. */
export const POOL_SIZE = Math.max(1, Math.min(4, availableParallelism()));

interface Job {
  line: string;
  id?: string | number | null;
  resolve: (answer: string) => void;
}

export class EnginePool {
  private readonly idle: Worker[] = [];
  private readonly workers = new Set<Worker>();
  private readonly queue: Job[] = [];

  constructor(private readonly size = POOL_SIZE) {}

  /** The answer line to `line` (whose id, where it has one, is `id`); never rejects. */
  answer(line: string, id?: string | number | null): Promise<string> {
    return new Promise((resolve) => {
      this.queue.push({ line, id, resolve });
      this.next();
    });
  }

  private next(): void {
    while (this.queue.length > 0 && (this.idle.length > 0 || this.workers.size < this.size)) {
      const worker = this.idle.pop() ?? this.start();
      this.run(worker, this.queue.shift()!);
    }
  }

  private start(): Worker {
    const worker = tsWorker(ENTRY);
    this.workers.add(worker);
    return worker;
  }

  private run(worker: Worker, job: Job): void {
    const done = () => worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    const onMessage = (answer: string) => {
      done();
      this.idle.push(worker);
      job.resolve(answer);
      this.next();
    };
    const ended = (why: string) => {
      done();
      this.workers.delete(worker);
      void worker.terminate();
      const failed = { ok: false, error: { code: 'internal', message: `the worker answering this request stopped (${why})` } };
      job.resolve(JSON.stringify(job.id === undefined ? failed : { id: job.id, ...failed }));
      this.next();
    };
    const onError = (e: Error & { code?: string }) => ended(e.code ?? e.message);
    const onExit = (code: number) => ended(`exit ${code}`);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(job.line);
  }

  /** Ends every worker, so the process can exit. */
  async close(): Promise<void> {
    const all = [...this.workers];
    this.workers.clear();
    this.idle.length = 0;
    for (const w of all) w.removeAllListeners('exit').removeAllListeners('error');
    await Promise.all(all.map((w) => w.terminate()));
  }
}
