import { DEFAULT_PALETTE, type Palette } from './core/color.ts';
import { everyField, renderIntent } from './core/frame.ts';
import type { LedIntent, LedMeaning } from './core/intent.ts';
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

export class LedBoard {
  readonly link: LedLink;
  private intent: LedIntent = {};

  constructor(private options: BoardOptions) {
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
    this.intent = intent;
    const { frame, unknown } = renderIntent(this.options.layout, intent, this.options.palette ?? DEFAULT_PALETTE);
    const limited = limitFrame(frame, this.options);
    this.link.show(limited.frame);
    return { unknown, milliamps: limited.milliamps, dimmedForPower: limited.dimmedForPower };
  }

  /** Every field in one meaning's colour: shows that wiring, layout and power are right. */
  testPattern(meaning: LedMeaning = 'selected'): Shown {
    return this.show(everyField(this.options.layout, meaning));
  }

  /** New brightness, budget or palette apply to the lit set at once. */
  adjust(change: Partial<PowerLimits> & { palette?: Palette }): Shown {
    const next = { ...this.options, ...change };
    checkLimits(next);
    this.options = next;
    return this.show(this.intent);
  }

  /** Darkens the board (waiting until the dark frame is out, if connected) and lets go of the port. */
  async close(): Promise<void> {
    if (this.link.isOpen) {
      this.show({});
      await Promise.race([this.link.settled(), new Promise((r) => setTimeout(r, 500))]);
    }
    await this.link.stop();
  }
}
