/**
 * A FIFO async mutex: `run` executes critical sections one at a time, in call order. A failing
 * section releases the lock and rejects only its own caller.
 */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(section: () => Promise<T> | T): Promise<T> {
    const result = this.tail.then(section);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
