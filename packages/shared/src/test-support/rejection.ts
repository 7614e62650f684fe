/** What a promise rejected with; fails the test when it resolves instead. (Test-only.) */
export async function rejectionOf(
  promise: Promise<unknown>,
): Promise<Error & Record<string, unknown>> {
  const outcome = await promise.then(
    () => ({ rejected: false as const }),
    (error: unknown) => ({ rejected: true as const, error }),
  );
  if (!outcome.rejected) throw new Error('expected the promise to reject, but it resolved');
  if (!(outcome.error instanceof Error))
    throw new Error(`rejected with a non-Error: ${String(outcome.error)}`);
  return outcome.error as Error & Record<string, unknown>;
}
