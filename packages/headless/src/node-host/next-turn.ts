/** Resolves at the next turn of the event loop, after what is waiting for one ran. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
