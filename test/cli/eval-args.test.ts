/** `schiri eval` refuses bad arguments with a usage error in German and English, before reading anything. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../cli/eval.ts';

/** A set of one blank photo with no dice, and an empty folder. */
const root = mkdtempSync(join(tmpdir(), 'schiri-eval-args-'));
const one = join(root, 'one');
const empty = join(root, 'empty');
mkdirSync(join(one, 'images'), { recursive: true });
mkdirSync(join(one, 'labels'));
mkdirSync(join(empty, 'images'), { recursive: true });
writeFileSync(join(one, 'images', 'a.png'), PNG.sync.write(new PNG({ width: 8, height: 8 })));
writeFileSync(join(one, 'labels', 'a.txt'), '');
writeFileSync(join(one, 'test.txt'), 'a.png\n');
writeFileSync(join(empty, 'test.txt'), '');
const [images, labels] = [join(one, 'images'), join(one, 'labels')];

afterEach(() => vi.restoreAllMocks());

async function errorsOf(args: string[]): Promise<{ code: number; err: string[] }> {
  const err: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((s: string) => void err.push(s));
  const code = await run(args);
  return { code, err };
}

describe('schiri eval arguments', () => {
  it.each([
    [['images'], /LABELS erwartet/, /expected IMAGES and LABELS/],
    [['a', 'b', 'c'], /LABELS erwartet/, /expected IMAGES and LABELS/],
    [['a', 'b', '--nope'], /Falsche Option/, /bad option/],
    [['a', 'b', '--thresholds', '{die:'], /kein JSON/, /not JSON/],
    [['a', 'b', '--thresholds', '[0.5]'], /erwartet ein Objekt/, /expected an object/],
    [['a', 'b', '--thresholds', '{"dice":0.5}'], /unbekannter Name "dice"/, /unknown name "dice" \(known: proposal, die/],
    [['a', 'b', '--thresholds', '{"die":"high"}'], /"die" muss eine Zahl/, /"die" must be a number/],
    [['a', 'b', '--thresholds', '{"nms":-1}'], /"nms" muss eine Zahl/, /"nms" must be a number/],
    [['/no/such/dir', '/no/such/labels'], /Bildersatz nicht lesbar/, /cannot list the image set/],
    [[images, labels, '--fixes', '/no/such/fixes.json'], /Korrekturen nicht lesbar/, /cannot read the label fixes/],
    [[images, labels, '--models', '/no/such/models'], /Modelle nicht lesbar/, /cannot load the models: .*no\/such\/models/],
    [[join(empty, 'images'), join(empty, 'images')], /keine Bilder darin/, /holds no images/],
    [['--sets', 'empty:test', '--data', root], /empty:test: keine Bilder darin/, /holds no images/],
    [['--sets', 'one:test,nowhere:test', '--data', root], /Bildersatz nicht lesbar: no list/, /cannot list the image set/],
    [['--sets', 'one', '--data', root], /is not folder:list/, /is not folder:list/],
    [['--sets', 'one:test', images, labels], /nicht beides/, /not both/],
    [[images, labels, '--adapt', '0'], /ganze Zahlen von 1 bis 1000/, /whole numbers from 1 to 1000, comma-separated, not "0"/],
    [[images, labels, '--adapt', '12,x'], /ganze Zahlen/, /not "12,x"/],
    [['--sets', 'one:test', '--data', root, '--check-on', 'one:test'], /nur mit --adapt/, /only with --adapt/],
    [['--sets', 'one:test', '--data', root, '--adapt', '6', '--check-on', 'nowhere:test'], /Bildersatz nicht lesbar: no list/, /cannot list the image set/],
    [['--sets', 'one:test', '--data', root, '--adapt', '6', '--adapt-with', 'cache'], /--adapt-with: bar, examples, both, net oder net\+bar/, /bar, examples, both, net or net\+bar, only with --adapt; not "cache"/],
    [['--sets', 'one:test', '--data', root, '--adapt-with', 'bar'], /nur mit --adapt/, /only with --adapt; not "bar"/],
    [['--sets', 'one:test', '--data', root, '--adapt', '6', '--asked-rolls', '1.5'], /--asked-rolls: eine ganze Zahl/, /whole number from 0 to 100, only with --adapt; not "1.5"/],
    [['--sets', 'one:test', '--data', root, '--asked-rolls', '1'], /nur mit --adapt/, /only with --adapt; not "1"/],
  ])('%j: exit 2 with the reason', async (args, de, en) => {
    const { code, err } = await errorsOf(args);
    expect(code).toBe(2);
    expect(err[0]).toMatch(/^schiri eval: /);
    expect(err[0]).toMatch(de);
    expect(err[1]).toMatch(en);
  });
});
