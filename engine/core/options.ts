import type { OptionSpec, Options, Text } from './contract.ts';
import { EngineError } from './errors.ts';
import { say } from './text.ts';
import { hugeNumber } from './validate.ts';

/** Fills defaults and refuses unknown keys or values outside a spec, naming the option at fault. */
export function resolveOptions(specs: readonly OptionSpec[], given: unknown): Options {
  if (given === undefined || given === null) given = {};
  if (typeof given !== 'object' || Array.isArray(given)) {
    throw new EngineError('bad-options', { de: 'Optionen müssen ein Objekt sein', en: 'options must be an object' });
  }
  const input = given as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!specs.some((s) => s.key === key)) throw new EngineError('bad-options', { de: `unbekannte Option "${key}"`, en: `unknown option "${key}"` });
  }
  const out: Options = {};
  for (const spec of specs) {
    const v = input[spec.key];
    if (v === undefined) {
      out[spec.key] = spec.default;
      continue;
    }
    switch (spec.type) {
      case 'boolean':
        if (typeof v !== 'boolean') throw new EngineError('bad-options', { de: `Option "${spec.key}" muss true oder false sein`, en: `option "${spec.key}" must be true or false` });
        break;
      case 'integer': {
        const huge = hugeNumber(v);
        if (huge) throw new EngineError('bad-options', say({ de: `Option "${spec.key}" `, en: `option "${spec.key}" ` }, huge));
        if (!Number.isInteger(v) || (v as number) < spec.min || (v as number) > spec.max) {
          throw new EngineError('bad-options', {
            de: `Option "${spec.key}" muss eine ganze Zahl von ${spec.min} bis ${spec.max} sein`,
            en: `option "${spec.key}" must be a whole number from ${spec.min} to ${spec.max}`,
          });
        }
        break;
      }
      case 'enum':
        if (!spec.values.some((x) => x.value === v)) {
          const list = spec.values.map((x) => JSON.stringify(x.value)).join(', ');
          throw new EngineError('bad-options', { de: `Option "${spec.key}" muss eines von ${list} sein`, en: `option "${spec.key}" must be one of ${list}` });
        }
        break;
    }
    out[spec.key] = v as Options[string];
  }
  return out;
}

/** The card games' two views: every card known (bots, simulation, tests) or the referee's. */
export const viewOption: OptionSpec = {
  key: 'view',
  type: 'enum',
  default: 'full',
  values: [
    { value: 'full', label: { de: 'Alle Karten bekannt (Simulation)', en: 'All cards known (simulation)' } },
    { value: 'referee', label: { de: 'Schiedsrichter (nur Offenes)', en: 'Referee (open cards only)' } },
  ],
  label: { de: 'Sicht', en: 'View' },
};

/** The seed of a game that shuffles, kept in its JSON state so a game replays exactly. */
export const seedOption = (help: Text): OptionSpec => ({
  key: 'seed',
  type: 'integer',
  default: 1,
  min: 0,
  max: 0xffffffff,
  label: { de: 'Mischung (Startwert)', en: 'Shuffle seed' },
  help,
});
