/**
 * The "every tool" sweeps (bad input, hidden folders) build their calls from the tools' listed
 * input schemas, not from hand-kept lists: `pathArguments` finds every string an argument can
 * hold (top level, in arrays, in nested objects) and treats it as a vault path unless it is
 * named in NOT_PATHS. A new tool or argument is therefore swept as a path by default, and a
 * string that is not a path fails the sweep loudly until it is listed here with its reason.
 * `registryToolNames` is what the server must list: the registry and the meta-tools, exactly.
 */
import { allTools, metaTools } from '../../../obsidian-plugin/src/features/mcp-tools/index.ts';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
}

export interface ListedTool {
  name: string;
  inputSchema: JsonSchema;
  annotations?: { readOnlyHint?: boolean };
}

/** Where a string sits in the arguments: property names, with `[]` for "an item of". */
export type ArgumentPath = readonly string[];

/** String arguments that are not vault paths: by the name that holds the string, or `tool:dotted.path`. */
const NOT_PATHS = new Set([
  // text and edits
  'content',
  'expectedContent',
  'oldText',
  'newText',
  'expectedRevision',
  'replacement',
  'pattern',
  'flags',
  'target',
  'targetDelimiter',
  'underHeading',
  'text',
  'label',
  'color',
  'subpath',
  // queries, names and keys
  'query',
  'tag',
  'key',
  'value',
  'name',
  'names',
  'commandId',
  'list_obsidian_commands:filter',
  'date',
  'url',
  'fromNode',
  'toNode',
  // rename_heading's `to` is the new heading text
  'rename_heading:to',
  // the change journal: a retry's key, change ids, list_changes' token, tool and time filters
  'idempotencyKey',
  'undo_change:id',
  'redo_change:id',
  'restore_note_version:change',
  'get_note_version:changeId',
  // tasks: due dates, a block id, a status character
  'list_tasks:due.before',
  'list_tasks:due.after',
  'list_tasks:due.on',
  'blockId',
  'set_task_status:status',
  // tags to add and remove
  'update_note_tags:add',
  'update_note_tags:remove',
  'rename_tag:from',
  'rename_tag:to',
  'compare_note_versions:from',
  'compare_note_versions:to',
  'list_changes:token',
  'list_changes:tool',
  'list_changes:since',
  'list_changes:until',
  // a base's view is named, not a path
  'query_base:view',
]);

export function registryToolNames(): string[] {
  return [...allTools, ...metaTools].map((tool) => tool.name).sort();
}

function allowsString(schema: JsonSchema): boolean {
  if (schema.enum !== undefined) return false;
  if ((schema.anyOf ?? []).some(allowsString)) return true;
  return [schema.type ?? []].flat().includes('string');
}

function stringsIn(schema: JsonSchema, at: ArgumentPath): ArgumentPath[] {
  const found: ArgumentPath[] = allowsString(schema) ? [at] : [];
  if (schema.items !== undefined) found.push(...stringsIn(schema.items, [...at, '[]']));
  for (const [name, inner] of Object.entries(schema.properties ?? {}))
    found.push(...stringsIn(inner, [...at, name]));
  return found;
}

const isPath = (tool: string, at: ArgumentPath) => {
  const named = at.filter((part) => part !== '[]');
  return !NOT_PATHS.has(named.at(-1) ?? '') && !NOT_PATHS.has(`${tool}:${named.join('.')}`);
};

/** Every place in the tool's arguments that holds a vault path. */
export function pathArguments(tool: ListedTool): ArgumentPath[] {
  return stringsIn(tool.inputSchema, []).filter((at) => isPath(tool.name, at));
}

/** A harmless value the schema accepts. */
export function benign(schema: JsonSchema): unknown {
  if (schema.enum !== undefined) return schema.enum[0];
  if (schema.anyOf !== undefined) return benign(schema.anyOf[0] ?? {});
  const type = [schema.type ?? 'string'].flat()[0];
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return false;
  if (type === 'array') return [benign(schema.items ?? { type: 'string' })];
  if (type === 'object') return requiredOf(schema);
  return 'x';
}

function requiredOf(schema: JsonSchema): Record<string, unknown> {
  const properties = schema.properties ?? {};
  return Object.fromEntries(
    (schema.required ?? []).map((name) => [name, benign(properties[name] ?? {})]),
  );
}

/** The tool's required arguments with harmless values. */
export function requiredArgs(tool: ListedTool): Record<string, unknown> {
  return requiredOf(tool.inputSchema);
}

/** The required arguments with `value` put at `at` (inside new arrays and objects as needed, or the required ones). */
export function argumentsWith(
  tool: ListedTool,
  at: ArgumentPath,
  value: string,
): Record<string, unknown> {
  const place = (container: unknown, rest: readonly string[]): unknown => {
    const [head, ...tail] = rest;
    if (head === undefined) return value;
    // Into the benign item the required arguments hold, so its other required keys stay.
    if (head === '[]') return [place(Array.isArray(container) ? container[0] : undefined, tail)];
    const object = (typeof container === 'object' && container !== null ? container : {}) as Record<
      string,
      unknown
    >;
    return { ...object, [head]: place(object[head], tail) };
  };
  return place(requiredArgs(tool), at) as Record<string, unknown>;
}

/** `filter.excludeFolders[]` for messages. */
export function describePath(at: ArgumentPath): string {
  return at.join('.').replaceAll('.[]', '[]');
}
