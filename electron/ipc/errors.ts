/** A refused IPC message; its own module so channel tables elsewhere (electron/led/) can throw it. */
export class IpcInputError extends Error {}

/** Refuses a message with another number of arguments than its channel takes. */
export function arity(args: unknown[], n: number): void {
  if (args.length !== n) throw new IpcInputError(`expected ${n} argument(s), got ${args.length}`);
}
