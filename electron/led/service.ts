import { LedBoard, type Shown } from '../../hardware/board.ts';
import type { LedIntent } from '../../hardware/core/intent.ts';
import { layoutByName } from '../../hardware/core/layouts/index.ts';
import { ledCountProblem, type BoardInfo, type LedSettings, type LedStatus, type PortListing } from '../../hardware/core/settings.ts';
import type { Text } from '../../engine/core/text.ts';
import { listPorts } from '../../hardware/serial/port.ts';
import { socatPty } from '../../hardware/simulator/pty-owner.ts';
import { allowLedPort } from '../security.ts';
import type { LED_CHANNELS } from './channels.ts';

/**
 * The LED board in the main process: one board at a time, reconnecting on its own, lighting what
 * the renderer last asked for. Input arrives already checked (electron/led/channels.ts). The
 * renderer polls `status`, so no push channel into the page is needed.
 */
export class LedService {
  private board: LedBoard | null = null;
  private settings: LedSettings | null = null;
  private lit: { layout: string; intent: LedIntent } | null = null;
  private shown: Shown | null = null;
  private info: BoardInfo | null = null;
  private problem: Text | null = null;

  ports(): Promise<PortListing[]> {
    return listPorts();
  }

  async connect(settings: LedSettings): Promise<LedStatus> {
    await this.disconnect();
    // Only a port the system lists as serial (or a running simulator's pty): the renderer cannot
    // make the main process open and write to any path it names, nor to a user's terminal.
    const listed = await listPorts().catch(() => []);
    if (!allowLedPort(settings.port, listed, await socatPty(settings.port))) {
      this.problem = {
        de: `${settings.port} ist kein serieller Port, den das System auflistet: bitte einen aus der Liste wählen.`,
        en: `${settings.port} is not a serial port the system lists: please choose one from the list.`,
      };
      return this.status();
    }
    this.settings = settings;
    this.problem = null;
    this.info = null;
    // Until a game lights something, the board opens dark with Plus's layout, the first built game.
    if (this.lit) this.light(this.lit.layout, this.lit.intent);
    else this.shown = this.ensureBoard(settings.layout ?? 'plus').show({});
    return this.status();
  }

  async disconnect(): Promise<LedStatus> {
    const board = this.board;
    this.board = null;
    this.settings = null;
    this.shown = null;
    await board?.close();
    return this.status();
  }

  show(layout: string, intent: LedIntent): LedStatus {
    this.lit = { layout, intent };
    if (this.settings) this.light(layout, intent);
    return this.status();
  }

  status(): LedStatus {
    return {
      connection: !this.board ? 'off' : this.board.link.isOpen ? 'open' : 'connecting',
      settings: this.settings,
      board: this.info,
      problem: this.problem,
      layout: this.board?.layout.name ?? null,
      milliamps: this.shown?.milliamps ?? 0,
      dimmedForPower: this.shown?.dimmedForPower ?? false,
      unknown: this.shown?.unknown ?? [],
    };
  }

  async dispose(): Promise<void> {
    await this.disconnect();
  }

  /** The IPC handlers, one per channel of LED_CHANNELS, for registerIpc. */
  handlers() {
    return {
      'led:ports': () => this.ports(),
      'led:status': async () => this.status(),
      'led:connect': (settings: LedSettings) => this.connect(settings),
      'led:disconnect': () => this.disconnect(),
      'led:show': async (layout: string, intent: LedIntent) => this.show(layout, intent),
    } satisfies { [C in keyof typeof LED_CHANNELS]: (...args: ReturnType<(typeof LED_CHANNELS)[C]>) => Promise<unknown> };
  }

  private light(gameLayout: string, intent: LedIntent): void {
    this.shown = this.ensureBoard(this.settings?.layout ?? gameLayout).show(intent);
  }

  /** The board for this layout: the one running, or a new one if the layout changed. */
  private ensureBoard(layoutName: string): LedBoard {
    const s = this.settings!;
    if (this.board && this.board.layout.name === layoutName) return this.board;
    const old = this.board;
    const board = new LedBoard({
      path: s.port,
      protocol: s.protocol,
      layout: layoutByName(layoutName),
      brightness: s.brightness,
      supplyMilliamps: s.supplyMilliamps,
      reserveMilliamps: s.reserveMilliamps,
    });
    board.link.on('problem', (p) => {
      if (this.board === board) this.problem = p.text;
    });
    board.link.on('open', () => {
      if (this.board === board) this.problem = null;
    });
    board.link.on('close', () => {
      if (this.board === board) this.info = null;
    });
    board.link.on('board', (info) => {
      if (this.board !== board) return;
      this.info = info;
      this.problem = ledCountProblem(info, board.layout.leds) ?? this.problem;
    });
    this.board = board;
    // The new link may only open the port once the old one has let go of it.
    if (old) void old.close().then(() => this.board === board && board.start());
    else board.start();
    return board;
  }
}
