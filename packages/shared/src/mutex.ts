/**
 * A FIFO async mutex: `run` executes critical sections one at a time, in call order. A failing
 * section releases the lock and rejects only its own caller. `busy` tells whether a section runs
 * or waits, so background work can stand aside for them (NodeHost's steps after ready).
 */
/** Work that background work stands aside for: `busy` while it runs, `idle()` once it stops. */
export interface Activity {
  readonly busy: boolean;
  idle(): Promise<void>;
}

export class Mutex implements Activity {
  private tail: Promise<unknown> = Promise.resolve();
  private sections = 0;

  get busy(): boolean {
    return this.sections > 0;
  }

  run<T>(section: () => Promise<T> | T): Promise<T> {
    this.sections++;
    const result = this.tail.then(section);
    const done = () => {
      this.sections--;
    };
    this.tail = result.then(done, done);
    return result;
  }

  /** Settles once every section queued so far has run. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
