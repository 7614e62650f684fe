/**
 * The journal's data: what one change is, and the lines of the journal file (JSON Lines, one
 * record a line, append-only). See ADR-0014 for why the format is this one.
 *
 * A change is an ordered list of steps; undo applies each step's inverse in reverse order. A
 * step is either a move, or "this path held `before`, and now holds something else". `after`
 * is each touched path's state when the change was committed: undo refuses unless every path is
 * still at it. A state is a revision (16 hex digits), `absent` or `folder`.
 *
 * Lines, in the order a change writes them: `begin`, then an `intent` before each write reaches
 * the vault (its before-images already on disk), and finally `commit` (the whole change) or
 * `abort` (a failed call, rolled back). `key` records
 * an idempotency key with the first result. A begin without commit or abort was interrupted by
 * a crash; the next start settles it (change-recovery.ts).
 */
import { onFirstUse } from '@mcp-connector/shared';
import { type, type ArkErrors } from 'arktype';

export const JOURNAL_FORMAT = 1;

/** A revision, or one of the two states that have none. */
export type PathState = string;
export const ABSENT = 'absent';
export const FOLDER = 'folder';
/** An intent's expectation only: a file whose content is not the before-image (unknown ahead). */
export const CHANGED = 'changed';

/** The journal's schemas, made on first use: loading main.js builds none (ADR-0022). */
const schemas = onFirstUse(() => {
  const imageSchema = type({ kind: "'absent'" }, '|', { kind: "'folder'" }).or({
    kind: "'file'",
    revision: 'string',
    size: 'number',
    /** The bytes' sha-256 in images/, or null when they were beyond the size limit. */
    blob: 'string | null',
  });

  const stepSchema = type({ step: "'put'", path: 'string', before: imageSchema }, '|', {
    step: "'move'",
    from: 'string',
    to: 'string',
  });

  const actorSchema = type({
    /** The token's id, or null for the user acting in Obsidian (the Recent AI changes view). */
    tokenId: 'string | null',
    label: 'string',
  });

  const changeHeadSchema = type({
    id: 'string',
    /** ISO time the call started. */
    time: 'string',
    actor: actorSchema,
    tool: 'string',
    summary: 'string',
  });

  const changeSchema = changeHeadSchema.and({
    steps: stepSchema.array(),
    after: type({ '[string]': 'string' }),
    /** This change undid that one (redo is the undo of an undo). */
    'undoes?': 'string',
    /** Settled after a crash: the call never answered, but these steps had reached the vault. */
    'interrupted?': 'true',
    /** A pinned version (save_note_version): one step keeping the note's text; never pruned. */
    'pin?': { 'label?': 'string' },
  });

  /** The idempotency key a call came with, so an interrupted call's key is not free for a retry. */
  const callKeySchema = type({ tokenId: 'string | null', key: 'string', fingerprint: 'string' });

  const intentEntrySchema = type({
    step: stepSchema,
    /**
     * The state the step leaves its path in: a revision, `absent` or `folder`, or `changed` when
     * only that is known beforehand (a frontmatter edit, a link rewrite). For a move: `absent`.
     */
    expect: 'string',
  });

  const lineSchema = type({ t: "'journal'", format: 'number' }, '|', {
    t: "'begin'",
    change: changeHeadSchema,
    'key?': callKeySchema,
  })
    .or({ t: "'intent'", id: 'string', seq: 'number', entries: intentEntrySchema.array() })
    .or({ t: "'commit'", change: changeSchema })
    .or({ t: "'abort'", id: 'string' })
    .or({
      t: "'key'",
      tokenId: 'string | null',
      key: 'string',
      fingerprint: 'string',
      time: 'string',
      /** The change the call made (null when it changed nothing). */
      change: 'string | null',
      /** The first call's result; null when that call was interrupted. */
      result: 'unknown',
      /** The paths its arguments named: once one is hidden, the key is unknown (ADR-0041). */
      'paths?': 'string[]',
    });

  return {
    imageSchema,
    stepSchema,
    actorSchema,
    changeHeadSchema,
    changeSchema,
    callKeySchema,
    intentEntrySchema,
    lineSchema,
  };
});
type Schemas = ReturnType<typeof schemas>;

/** Checks one parsed line of the journal file. */
export function parseJournalLine(value: unknown): JournalLine | ArkErrors {
  return schemas().lineSchema(value);
}

export type Image = Schemas['imageSchema']['infer'];
export type Step = Schemas['stepSchema']['infer'];
export type ChangeActor = Schemas['actorSchema']['infer'];
export type ChangeHead = Schemas['changeHeadSchema']['infer'];
export type Change = Schemas['changeSchema']['infer'];
export type IntentEntry = Schemas['intentEntrySchema']['infer'];
export type CallKey = Schemas['callKeySchema']['infer'];
export type JournalLine = Schemas['lineSchema']['infer'];
export type KeyLine = Extract<JournalLine, { t: 'key' }>;

/** The paths a step touches (a move: both ends). */
export function stepPaths(step: Step): string[] {
  return step.step === 'move' ? [step.from, step.to] : [step.path];
}

/** Every path a change touched, in first-touched order. */
export function changePaths(change: Pick<Change, 'steps'>): string[] {
  return [...new Set(change.steps.flatMap(stepPaths))];
}

/** The blobs a change needs to be undone. */
export function changeBlobs(change: Pick<Change, 'steps'>): string[] {
  return change.steps.flatMap((step) =>
    step.step === 'put' && step.before.kind === 'file' && step.before.blob !== null
      ? [step.before.blob]
      : [],
  );
}

/** The state a path is in when it holds this image. */
export function imageState(image: Image): PathState {
  if (image.kind === 'file') return image.revision;
  return image.kind === 'folder' ? FOLDER : ABSENT;
}
