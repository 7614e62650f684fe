/**
 * Asks Bun's collector to run where a big start leaves garbage (ADR-0022, ADR-0025). Bun gives
 * memory back lazily: left alone, the steps after loading 100,000 notes and the writing of the
 * metadata cache stacked 100-250 MB of garbage on what the index holds, and RSS went over
 * 1 GiB. Under Node these do nothing: V8 collects its young generation as it goes.
 */
const bun = (globalThis as { Bun?: { gc(force: boolean): void } }).Bun;

/** A full collection, synchronous: 120-180 ms once 100,000 notes are loaded. */
export function collectAll(): void {
  bun?.gc(true);
}

/** A collection JavaScriptCore runs when it sees fit, and mimalloc's clean-up: a few ms. */
export function collectSoon(): void {
  bun?.gc(false);
}
