/**
 * `bun run docs:tools`: writes docs/features/tools.md from the registry itself (name, what it
 * does, arguments, hints), so the reference can never drift from the code; a test fails when
 * the committed file is stale.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  allTools,
  type Tool,
} from '../../packages/obsidian-plugin/src/features/mcp-tools/index.ts';

export const REFERENCE_PATH = join(import.meta.dir, '..', '..', 'docs', 'features', 'tools.md');

interface PropertySchema {
  type?: string;
  enum?: unknown[];
  items?: PropertySchema;
  anyOf?: PropertySchema[];
}

function typeOf(schema: PropertySchema): string {
  if (schema.enum !== undefined)
    return schema.enum.map((value) => JSON.stringify(value)).join(' \\| ');
  if (schema.type === 'array') return `${typeOf(schema.items ?? {})}[]`;
  if (schema.anyOf !== undefined) return schema.anyOf.map(typeOf).join(' \\| ');
  return schema.type ?? 'any';
}

function argumentsOf(tool: Tool): string {
  const schema = tool.inputJsonSchema as {
    properties?: Record<string, PropertySchema>;
    required?: string[];
  };
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length === 0) return 'none';
  return entries
    .map(([name, property]) => `\`${name}${required.has(name) ? '' : '?'}\`: ${typeOf(property)}`)
    .join(', ');
}

function hintsOf(tool: Tool): string {
  const hints = tool.annotations;
  if (hints.readOnlyHint) return 'read-only';
  return [
    hints.destructiveHint ? 'destructive' : 'additive',
    hints.idempotentHint ? 'idempotent' : 'not idempotent',
  ].join(', ');
}

export function renderReference(tools: readonly Tool[] = allTools): string {
  const rows = tools.map(
    (tool) =>
      `| \`${tool.name}\` | ${tool.description.replace(/\|/g, '\\|')} | ${argumentsOf(tool)} | ${hintsOf(tool)} |`,
  );
  return [
    '# Tool reference',
    '',
    `Generated from the registry by \`bun run docs:tools\` (${tools.length} tools). Do not edit by hand.`,
    'Conventions every tool follows: [tool-conventions.md](tool-conventions.md).',
    '',
    '| Tool | What it does | Arguments | Hints |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

if (import.meta.main) {
  await writeFile(REFERENCE_PATH, renderReference());
  console.log(`Wrote ${REFERENCE_PATH}`);
}
