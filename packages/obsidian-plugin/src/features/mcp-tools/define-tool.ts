/**
 * A tool is one exported value made by `defineTool`: name, description, ArkType input schema
 * (made on first use), MCP annotations and a handler whose argument type is inferred from the
 * schema. The input schema is closed: an argument the schema does not declare is rejected, never ignored.
 * A tool may name an MCP Apps view (`ui`) that renders its results.
 * Every write (a tool that is not read-only) also takes `idempotencyKey`, added here once so
 * each schema in tools/list states it, and runs through the change journal (`journal`).
 */
import { ArkErrors, type Type } from 'arktype';
import { builtInputSchema } from './built-input-schemas.ts';
import type { ToolContext } from './tool-context.ts';
import type { ToolOutput } from './tool-output.ts';

/** All four MCP hints, always stated: a client must never have to guess. */
export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** An MCP Apps view of the tool's results: listed as `_meta.ui.resourceUri` in tools/list. */
export interface ToolUi {
  /** A `ui://` resource the server serves. */
  resourceUri: string;
}

export interface ToolSpec<Args extends object> {
  name: string;
  title: string;
  description: string;
  /**
   * The input schema, made on first use: a function, so that loading main.js builds no schema
   * while Obsidian starts (ADR-0018).
   */
  input: () => Type<Args>;
  annotations: ToolHints;
  /**
   * True (or true for these arguments) when the tool's effects cannot be filtered by the
   * hidden-folders guard (Obsidian commands, Dataview, Templater): refused while folders are hidden.
   */
  unfilterable?: true | ((args: Args) => boolean);
  /** True when the tool answers without the vault index (it never waits for one being built). */
  indexFree?: true;
  /**
   * True for a tool whose call can touch many notes or run for seconds: it reports progress
   * and stops when cancelled (services/long-steps.ts), and runs as an MCP task when the client
   * asks (tools/list says `execution.taskSupport: "optional"`; ADR-0036).
   */
  long?: true;
  ui?: ToolUi;
  /**
   * How a write is journaled (read-only tools never are): `vault` (the default) records its
   * writes as one undoable change; `outside` for effects the host never sees (Obsidian commands),
   * which keep only the idempotency key; `surface` for changes to the caller's own tool list
   * (the meta-tools), which take no idempotency key either.
   */
  journal?: 'vault' | 'outside' | 'surface';
  handler: (args: Args, ctx: ToolContext) => Promise<ToolOutput>;
}

/** How a call of the tool meets the change journal; `none` for read-only tools. */
export type JournalMode = 'vault' | 'outside' | 'surface' | 'none';

export interface Tool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly annotations: ToolHints;
  readonly ui?: ToolUi;
  readonly journal: JournalMode;
  /** Answers without the vault index (see ToolSpec.indexFree). */
  readonly indexFree: boolean;
  /** Reports progress, stops when cancelled and runs as a task (see ToolSpec.long). */
  readonly long: boolean;
  /** The input schema as JSON Schema, computed on first use. */
  readonly inputJsonSchema: Record<string, unknown>;
  /** Validates raw arguments: the parsed arguments, or a list of problems. */
  parse(raw: unknown): { ok: true; args: object } | { ok: false; problems: ArgumentProblem[] };
  /** Whether these arguments reach past the hidden-folders guard (see ToolSpec.unfilterable). */
  isUnfilterable(args: object): boolean;
  run(args: object, ctx: ToolContext): Promise<ToolOutput>;
}

export interface ArgumentProblem {
  argument: string;
  message: string;
}

export const READ_ONLY: ToolHints = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** Adds to the vault (new notes, appended text); repeating it adds again. */
export const ADDITIVE: ToolHints = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};

/** Changes the vault, but repeating the call changes nothing more (get-or-create, activation). */
export const IDEMPOTENT_WRITE: ToolHints = { ...ADDITIVE, idempotentHint: true };

/** May overwrite or remove what is there (recoverably: deletions go to the trash). */
export const DESTRUCTIVE: ToolHints = { ...ADDITIVE, destructiveHint: true };

/** Replaces what is there with what is given: destructive, yet the same call twice is one change. */
export const OVERWRITE: ToolHints = { ...DESTRUCTIVE, idempotentHint: true };

/** The argument every journaled write takes: a retry with the same key applies once. */
const IDEMPOTENCY_KEY = { 'idempotencyKey?': 'string' } as const;

/** The closed ArkType schema as JSON Schema, without its `$schema` line. */
function inputJsonSchemaOf(input: Type<object>): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = input.toJsonSchema() as Record<string, unknown>;
  return rest;
}

export function defineTool<Args extends object>(spec: ToolSpec<Args>): Tool {
  const journal = journalMode(spec);
  const keyed = journal === 'vault' || journal === 'outside';
  // Made, closed and turned into JSON Schema on first use, not when main.js loads.
  let closed: Type<object> | null = null;
  let jsonSchema: Record<string, unknown> | null = null;
  const input = () => {
    if (closed === null) {
      const declared = spec.input() as Type<object>;
      closed = (keyed ? declared.merge(IDEMPOTENCY_KEY) : declared).onDeepUndeclaredKey('reject');
    }
    return closed;
  };
  const schema = () => {
    if (jsonSchema === null) jsonSchema = builtInputSchema(spec.name) ?? inputJsonSchemaOf(input());
    return jsonSchema;
  };
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    annotations: spec.annotations,
    ...(spec.ui !== undefined && { ui: spec.ui }),
    journal,
    indexFree: spec.indexFree === true,
    long: spec.long === true,
    get inputJsonSchema() {
      return schema();
    },
    parse(raw) {
      const out: unknown = input()(raw ?? {});
      if (!(out instanceof ArkErrors)) return { ok: true, args: out as object };
      const declared = Object.keys(schema().properties ?? {});
      return { ok: false, problems: out.map((error) => describeProblem(error, declared)) };
    },
    isUnfilterable: (args) =>
      typeof spec.unfilterable === 'function'
        ? spec.unfilterable(args as Args)
        : spec.unfilterable === true,
    run: (args, ctx) => spec.handler(args as Args, ctx),
  };
}

function journalMode<Args extends object>(spec: ToolSpec<Args>): JournalMode {
  if (spec.annotations.readOnlyHint) return 'none';
  return spec.journal ?? 'vault';
}

interface ArkProblem {
  code: string;
  path: readonly PropertyKey[];
  expected: string;
  message: string;
}

function describeProblem(error: ArkProblem, declared: string[]): ArgumentProblem {
  const argument = error.path.map(String).join('.');
  if (error.code === 'predicate' && error.expected === 'removed') {
    const accepted = declared.length > 0 ? declared.join(', ') : 'none';
    return { argument, message: `unknown argument "${argument}" (accepted: ${accepted})` };
  }
  return { argument, message: error.message };
}
