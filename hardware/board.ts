import type { Palette } from './core/color.ts';
import { renderIntent } from './core/frame.ts';
import type { LedIntent } from './core/intent.ts';
import type { Layout } from './core/layouts/format.ts';
import { checkLimits, limitFrame, type PowerLimits } from './core/power.ts';
import { LedLink, type LinkOptions } from './transport.ts';

/**
 * A board as a game sees it: it takes a lit set (field ids with meanings) and does the rest:
 * layout, colours, brightness cap and power budget, protocol and a link that reconnects.
 */
export interface BoardOptions extends LinkOptions, PowerLimits {
  layout: Layout;
  palette?: Palette;
}

export interface Shown {
  /** Field ids the layout does not have. */
  unknown: string[];
  /** Estimated draw of the LEDs for this frame. */
  milliamps: number;
  dimmedForPower: boolean;
}

/** How long closing waits for the dark frame; a board that is gone must not hold up a quit. */
const DARKEN_MS = 500;

export class LedBoard {
  readonly link: LedLink;

  constructor(private readonly options: BoardOptions) {
    checkLimits(options);
    this.link = new LedLink(options);
  }

  start(): this {
    this.link.start();
    return this;
  }

  get layout(): Layout {
    return this.options.layout;
  }

  show(intent: LedIntent): Shown {
    const { frame, unknown } = renderIntent(this.options.layout, intent, this.options.palette);
    const limited = limitFrame(frame, this.options);
    this.link.show(limited.frame);
    return { unknown, milliamps: limited.milliamps, dimmedForPower: limited.dimmedForPower };
  }

  /** Darkens the board (waiting until the dark frame is out, if connected) and lets go of the port. */
  async close(): Promise<void> {
    if (this.link.isOpen) {
      this.show({});
      await Promise.race([this.link.settled(), new Promise((r) => setTimeout(r, DARKEN_MS))]);
    }
    await this.link.stop();
  }
}
