/**
 * Synthetic dice frames with exact labels (docs/dice-synth.md):
 *   npx tsx models/synth/render.ts --out DIR --count N [--seed S] [--width W --height H] [--workers K] [--max-tilt D] [--focus hard|ghost]
 * writes DIR/images/NNNNN.jpg, DIR/labels/NNNNN.txt (YOLO, class = value - 1), DIR/meta/NNNNN.json
 * and DIR/manifest.json (last). Rerun with the same arguments: nothing to do.
 */
import { parseArgs } from 'node:util';
import { intOption, parsed, printError, textOf, UsageError } from '../../cli/args.ts';
import { generate } from './generate.ts';
import { FOCI, type Focus } from './scene/focus.ts';

const HELP = `usage: npx tsx models/synth/render.ts --out DIR --count N [--seed S] [--width W --height H] [--workers K] [--max-tilt D] [--focus hard|ghost]
  --out DIR        where images/, labels/, meta/ and manifest.json go
  --count N        frames 0 .. N-1
  --seed S         the set's seed (default 1); frame i of seed S is always the same picture
  --width/--height one frame size for all (default: webcam and phone sizes mixed)
  --workers K      Chromium instances side by side (default 2: one a core)
  --max-tilt D     the camera's largest tilt from straight down, degrees (default 55)
  --focus hard     scenes drawn towards what the readers miss (models/synth/scene/focus.ts):
                   illustrated hex boards with number tokens, crowded dice seen steeply, big dice
  --focus ghost    no die with pips (models/synth/scene/ghosts.ts), five kinds in turn: d6 with
                   numerals; d4/d8/d10/d12/d20; posters (titles, circled numbers, dice icons,
                   dot patterns); pawns, meeples, coins on boards; board art under look-alikes.
                   The ghost test set's renders (models/ghosts/), or negatives with another seed`;

async function main(argv: string[]): Promise<number> {
  try {
    const { values } = parsed(() =>
      parseArgs({
        args: argv,
        options: {
          out: { type: 'string' },
          count: { type: 'string' },
          seed: { type: 'string' },
          width: { type: 'string' },
          height: { type: 'string' },
          workers: { type: 'string' },
          'max-tilt': { type: 'string' },
          focus: { type: 'string' },
          help: { type: 'boolean', short: 'h' },
        },
      }),
    );
    if (values.help) {
      console.log(HELP);
      return 0;
    }
    if (!values.out || values.count === undefined) throw new UsageError({ de: `--out und --count fehlen\n${HELP}`, en: `--out and --count are needed\n${HELP}` });
    const focus = values.focus;
    if (focus !== undefined && !(FOCI as readonly string[]).includes(focus)) throw new UsageError({ de: `--focus: ${FOCI.join(', ')}, nicht ${focus}`, en: `--focus: ${FOCI.join(', ')}, not ${focus}` });
    if ((values.width === undefined) !== (values.height === undefined)) throw new UsageError({ de: '--width und --height nur zusammen', en: '--width and --height go together' });
    const res = await generate({
      out: values.out,
      count: intOption(values.count, 'count', 1, 10_000_000, 0),
      seed: intOption(values.seed, 'seed', 0, 2 ** 31 - 1, 1),
      width: values.width === undefined ? undefined : intOption(values.width, 'width', 32, 8192, 0),
      height: values.height === undefined ? undefined : intOption(values.height, 'height', 32, 8192, 0),
      workers: intOption(values.workers, 'workers', 1, 16, 2),
      maxTilt: values['max-tilt'] === undefined ? undefined : intOption(values['max-tilt'], 'max-tilt', 0, 75, 0),
      focus: focus as Focus | undefined,
      log: (l) => console.error(l),
    });
    if (res.upToDate) console.error(`${values.out}: schon vollständig / already complete`);
    else console.error(`${values.out}: ${res.rendered} frames rendered, ${res.kept} kept, ${res.seconds.toFixed(1)} s (${res.perFrame.toFixed(3)} s a frame)`);
    return 0;
  } catch (e) {
    printError('synth', textOf(e));
    return e instanceof UsageError ? 2 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
