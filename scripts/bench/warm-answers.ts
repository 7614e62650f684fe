/**
 * `bun run bench:warm`: the warm-restart figures of warm-figures.ts (ADR-0044) over a generated
 * vault of N notes; `bench:server` prints the same for its sizes.
 *
 *   bun run bench:warm [-- --notes 20000] [--rounds 3] [--code DIR] [--cli source|bun|node]
 *
 * `--cli bun` or `--cli node` serves from the built packages/headless/dist/cli.mjs (of `--code`,
 * or this checkout) under that runtime, as bench:server's `--cli`.
 */
import { parseArgs } from 'node:util';
import { serverCliOf } from './scale-server.ts';
import { warmRestarts } from './warm-figures.ts';

const { values: options } = parseArgs({
  options: {
    notes: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
    code: { type: 'string' },
    cli: { type: 'string', default: 'source' },
    help: { type: 'boolean', default: false },
  },
});
const USAGE = `bun run bench:warm [-- --notes 20000] [--rounds 3] [--code DIR] [--cli source|bun|node]
The header of scripts/bench/warm-figures.ts says what it measures.`;

if (options.help) console.log(USAGE);
else
  await warmRestarts(Number(options.notes), Number(options.rounds), {
    root: options.code ?? new URL('../..', import.meta.url).pathname,
    cli: serverCliOf(options.cli),
  });
