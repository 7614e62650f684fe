/** The message of an action that must be refused (a test fails when it succeeds). */
export async function refusal(action: Promise<unknown>): Promise<string> {
  try {
    await action;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('The action was expected to be refused, and it succeeded.');
}
