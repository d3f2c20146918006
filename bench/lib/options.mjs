import { parseArgs } from 'node:util';

/**
 * Reads benchmark options from argv (`--name value`), else the environment (`env` name), else the default.
 * `definitions`: `{ name: { env, default, parse, help } }`; `parse` turns the string into the value.
 */
export function readOptions(
  definitions,
  { argv = process.argv.slice(2), env = process.env, usage = '' } = {},
) {
  const { values } = parseArgs({
    args: argv,
    options: {
      help: { type: 'boolean', short: 'h' },
      ...Object.fromEntries(Object.keys(definitions).map((name) => [name, { type: 'string' }])),
    },
  });
  if (values.help) {
    console.log(usage);
    for (const [name, d] of Object.entries(definitions)) {
      console.log(`  --${name.padEnd(14)} ${d.help} (env ${d.env}, default ${d.default})`);
    }
    process.exit(0);
  }
  return Object.fromEntries(
    Object.entries(definitions).map(([name, d]) => {
      const raw = values[name] ?? env[d.env] ?? String(d.default);
      try {
        return [name, d.parse(raw)];
      } catch (error) {
        throw new Error(`--${name} / ${d.env}: ${error.message}`);
      }
    }),
  );
}

export const parsers = {
  positiveInteger(raw) {
    const n = Number(raw);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`"${raw}" is not a positive integer`);
    return n;
  },
  nonNegativeInteger(raw) {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw new Error(`"${raw}" is not a whole number`);
    return n;
  },
  oneOf(...choices) {
    return (raw) => {
      if (!choices.includes(raw)) throw new Error(`"${raw}" is not one of ${choices.join(', ')}`);
      return raw;
    };
  },
  yesNo(raw) {
    if (['yes', 'true', '1', 'on'].includes(raw)) return true;
    if (['no', 'false', '0', 'off'].includes(raw)) return false;
    throw new Error(`"${raw}" is not yes or no`);
  },
  text: (raw) => raw,
};

/** The measuring window every load benchmark takes: seconds measured per target, and of warm-up. */
export const LOAD_WINDOW_OPTIONS = {
  duration: {
    env: 'BENCH_DURATION',
    default: 10,
    parse: parsers.positiveInteger,
    help: 'seconds measured per target',
  },
  warmup: {
    env: 'BENCH_WARMUP',
    default: 3,
    parse: parsers.nonNegativeInteger,
    help: 'seconds of warm-up',
  },
};
