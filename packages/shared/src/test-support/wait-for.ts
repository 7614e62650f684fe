/**
 * How a test waits for something that happens in the background (a watcher picking up a file, an
 * index finishing, a notification arriving, a CLI's edit being read): check the condition itself
 * every few milliseconds until it holds, never sleep a fixed time and hope. Fails naming `what`
 * if it does not hold within `timeoutMs`, which stays under the suite's per-test timeout
 * (package.json `test`: 60 s) so the failure says what was awaited.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 45_000,
): Promise<void> {
  await waitForValue(async () => ((await condition()) ? true : undefined), what, timeoutMs);
}

/** waitFor for a value: calls `attempt` until it returns something other than undefined. */
export async function waitForValue<T>(
  attempt: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 45_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
