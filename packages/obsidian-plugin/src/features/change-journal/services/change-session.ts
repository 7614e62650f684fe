/**
 * One change in the making: the writes of one tool call (or one undo from the Obsidian view).
 * Before each write reaches the vault, its steps (before-images already stored) are appended as
 * an intent, so a crash at any point leaves enough on disk to know what happened. After each
 * write the steps that really happened are kept; at the end the change is committed with every
 * path's after-state, or, when the call failed, rolled back from the before-images through the
 * guarded host, leaving the vault as it was.
 */
import type { VaultFile, VaultHost } from '../../../host/vault-host.ts';
import {
  ABSENT,
  CHANGED,
  FOLDER,
  changeBlobs,
  changePaths,
  type CallKey,
  type Change,
  type ChangeHead,
  type Image,
  imageState,
  type IntentEntry,
  type JournalLine,
  type PathState,
  type Step,
} from './change-record.ts';
import type { Capture, ImageCapture } from './path-state.ts';
import { stateOf, statesOf } from './path-state.ts';
import {
  moveExpectations,
  restoreStep,
  type Expected,
  type RestoreImages,
} from './step-restore.ts';

/** What a session needs of the journal it belongs to. */
export interface SessionStore {
  append(lines: readonly JournalLine[]): Promise<void>;
  readonly images: RestoreImages & { put(bytes: Uint8Array): Promise<string> };
}

export interface RollbackOutcome {
  complete: boolean;
  /** When the rollback stopped part-way: the interrupted change recording what stayed. */
  change: Change | null;
}

export class ChangeSession {
  private readonly steps: Step[] = [];
  /** What each path this call wrote held just after the write: what a rollback expects there. */
  private readonly left: Expected = new Map();
  /** Bytes of images taken but not yet named by an intent, by blob. */
  private readonly staged = new Map<string, Uint8Array>();
  /** Every blob an intent of this change named: its images in the store. */
  private readonly named = new Set<string>();
  private begun = false;
  private seq = 0;

  /** The change this session undoes, when it is an undo (or a redo: the undo of an undo). */
  undoes: string | undefined;
  /** Set when this change pins a version of a note (change-pin.ts). */
  pin: { label?: string } | undefined;

  constructor(
    readonly head: ChangeHead,
    /** The call's idempotency key, written with `begin`. */
    private readonly key: CallKey | null,
    private readonly store: SessionStore,
    /** The guarded host: states are read, and rollbacks written, through it. */
    readonly host: VaultHost,
    private readonly images: ImageCapture,
  ) {}

  /** The before-image of a file; its bytes are stored only if an intent comes to name them. */
  async capture(file: VaultFile): Promise<Capture> {
    const capture = await this.images.file(file);
    if (capture.image.kind === 'file' && capture.image.blob !== null && capture.bytes !== null)
      this.staged.set(capture.image.blob, capture.bytes);
    return capture;
  }

  /**
   * Keeps the file's present text as a step that writes nothing: its before-image is the text,
   * and its after-state the same revision. A pinned version is such a step (change-pin.ts).
   */
  async keep(file: VaultFile): Promise<Image> {
    const { image } = await this.capture(file);
    const step: Step = { step: 'put', path: file.path, before: image };
    await this.write([{ step, expect: imageState(image) }], () => Promise.resolve());
    return image;
  }

  get id(): string {
    return this.head.id;
  }

  get hasSteps(): boolean {
    return this.steps.length > 0;
  }

  /** The before-images this change's intents named (a rolled-back change's go with it). */
  get blobs(): ReadonlySet<string> {
    return this.named;
  }

  /**
   * Runs one write: its intent is on disk before `action` starts, and afterwards the entries
   * that took effect become steps of the change (all of them, or, if `action` failed, those the
   * vault shows happened).
   */
  async write<T>(entries: readonly IntentEntry[], action: () => Promise<T>): Promise<T> {
    if (entries.length === 0) return action();
    await this.intend(entries);
    let result: T;
    try {
      result = await action();
    } catch (error) {
      await this.took(await settledSteps(this.host, entries, 'failed'));
      throw error;
    }
    await this.took(await settledSteps(this.host, entries, 'succeeded'));
    return result;
  }

  /** Keeps steps that took effect, and what each left its path holding. */
  private async took(steps: readonly Step[]): Promise<void> {
    this.steps.push(...steps);
    for (const step of steps) {
      if (step.step === 'move') {
        moveExpectations(this.left, step.from, step.to);
        continue;
      }
      this.left.set(step.path, await stateOf(this.host, step.path));
    }
  }

  /** Commits the change (null when it wrote nothing). `extra` lines go in the same write. */
  async commit(extra: readonly JournalLine[] = [], interrupted = false): Promise<Change | null> {
    if (!this.hasSteps) {
      const lines: JournalLine[] = this.begun
        ? [{ t: 'abort', id: this.id }, ...extra]
        : [...extra];
      if (lines.length > 0) await this.store.append(lines);
      return null;
    }
    const change: Change = {
      ...this.head,
      steps: [...this.steps],
      after: await statesOf(this.host, changePaths({ steps: this.steps })),
      ...(this.undoes !== undefined && { undoes: this.undoes }),
      ...(this.pin !== undefined && { pin: this.pin }),
      ...(interrupted && { interrupted: true as const }),
    };
    await this.store.append([{ t: 'commit', change }, ...extra]);
    return change;
  }

  /**
   * Puts back every before-image, newest step first; the vault ends as it was before the call.
   * A path something else changed since this call wrote it is left as it is (ADR-0041): the
   * rollback stops there, and what stayed is committed as an interrupted change.
   */
  async rollback(): Promise<RollbackOutcome> {
    const expected: Expected = new Map(this.left);
    while (this.steps.length > 0) {
      const step = this.steps[this.steps.length - 1] as Step;
      try {
        await restoreStep(this.host, step, this.store.images, expected);
      } catch {
        return { complete: false, change: await this.commit([], true) };
      }
      this.steps.pop();
    }
    await this.commit();
    return { complete: true, change: null };
  }

  private async intend(entries: readonly IntentEntry[]): Promise<void> {
    for (const blob of changeBlobs({ steps: entries.map((entry) => entry.step) })) {
      this.named.add(blob);
      const bytes = this.staged.get(blob);
      if (bytes !== undefined) await this.store.images.put(bytes);
      this.staged.delete(blob);
    }
    const lines: JournalLine[] = [];
    if (!this.begun)
      lines.push({ t: 'begin', change: this.head, ...(this.key !== null && { key: this.key }) });
    lines.push({ t: 'intent', id: this.id, seq: this.seq++, entries: [...entries] });
    await this.store.append(lines);
    this.begun = true;
  }
}

/**
 * The steps of these entries that took effect, judged by the vault. After a write that succeeded,
 * a step with an exact expectation took effect by construction; otherwise a step took effect when
 * its path is in the state it expected (`changed`: a file, other than the before-image), and a
 * move when it left `from` for `to`.
 */
export async function settledSteps(
  host: VaultHost,
  entries: readonly IntentEntry[],
  outcome: 'succeeded' | 'failed' | 'unknown',
): Promise<Step[]> {
  const steps: Step[] = [];
  for (const { step, expect } of entries) {
    if (await tookEffect(host, step, expect, outcome)) steps.push(step);
  }
  return steps;
}

async function tookEffect(
  host: VaultHost,
  step: Step,
  expect: PathState,
  outcome: 'succeeded' | 'failed' | 'unknown',
): Promise<boolean> {
  if (step.step === 'move') {
    return (await stateOf(host, step.from)) === ABSENT && (await stateOf(host, step.to)) !== ABSENT;
  }
  if (expect !== CHANGED)
    return outcome === 'succeeded' || (await stateOf(host, step.path)) === expect;
  const current = await stateOf(host, step.path);
  return current !== ABSENT && current !== FOLDER && current !== imageState(step.before);
}
