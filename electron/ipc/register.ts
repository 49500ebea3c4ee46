import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { CHANNELS, IpcInputError, type Channel, type ChannelArgs } from './channels.ts';

export type Handlers = { [C in Channel]: (...args: ChannelArgs<C>) => Promise<unknown> };

/**
 * Registers every channel: the sender must be our own page, the arguments must pass the channel's
 * validator; a refused message answers with an error and never reaches the handler.
 */
export function registerIpc(ipc: IpcMain, handlers: Handlers, isTrusted: (e: IpcMainInvokeEvent) => boolean): void {
  for (const channel of Object.keys(CHANNELS) as Channel[]) {
    ipc.handle(channel, async (event, ...raw: unknown[]) => {
      if (!isTrusted(event)) throw new IpcInputError(`${channel}: sender not trusted`);
      const args = CHANNELS[channel](raw) as unknown as never[];
      return (handlers[channel] as (...a: never[]) => Promise<unknown>)(...args);
    });
  }
}
