#!/usr/bin/env bun
/**
 * The headless command line: `serve`, `demo`, `metadata`, `tokens`, `connect`, `models`. Each
 * command is one function; this file only parses arguments and reports usage errors.
 */
import { USAGE } from './commands/usage.ts';
import { runConnect } from './commands/connect.ts';
import { runDemo } from './commands/demo.ts';
import { runMetadata } from './commands/metadata.ts';
import { runModels } from './commands/models.ts';
import { runServe } from './commands/serve.ts';
import { runTokens } from './commands/tokens.ts';

const commands: Record<string, (args: string[]) => Promise<void>> = {
  serve: runServe,
  demo: runDemo,
  metadata: runMetadata,
  tokens: runTokens,
  connect: runConnect,
  models: runModels,
};

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  const command = name === undefined ? undefined : commands[name];
  if (command === undefined) {
    console.error(USAGE);
    process.exit(2);
  }
  await command(rest);
}

if (import.meta.main) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
