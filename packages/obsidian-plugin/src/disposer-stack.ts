/**
 * What a start-up acquired, released in reverse order: each step that starts something defers
 * its release right after it succeeds, so a start that fails half way and a normal shutdown
 * release exactly what was started, from one list (the shape of TC39's AsyncDisposableStack,
 * which Node 20 and Obsidian's Electron do not all ship).
 * Invariants: every release runs once, later ones first; one that throws does not stop the rest;
 * `dispose` throws once all have run (the failure, or an AggregateError of several); a second
 * `dispose` does nothing. The connector's Lifecycle (lifecycle.ts) owns one.
 */
export type Disposer = () => void | Promise<void>;

export class DisposerStack {
  private readonly disposers: Disposer[] = [];

  /** Registers the release of something that has just been started. */
  defer(disposer: Disposer): void {
    this.disposers.push(disposer);
  }

  async dispose(): Promise<void> {
    const failures: unknown[] = [];
    for (let disposer = this.disposers.pop(); disposer; disposer = this.disposers.pop()) {
      try {
        await disposer();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, 'Several releases failed.');
  }
}
