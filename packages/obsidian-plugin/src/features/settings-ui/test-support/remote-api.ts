/**
 * A harness page's end of a bridge to a service in the test process: every action goes over the
 * bridge (`window[call]`, a Playwright binding), and views pushed from there (`window[push]`)
 * reach the subscribers. The settings tab's page and the Recent AI changes page both use it.
 * Browser-safe.
 */
export interface BridgeNames {
  /** The binding the page calls: `(method, args) => BridgeReply`. */
  call: string;
  /** The function the test process calls with each new view. */
  push: string;
}

export type BridgeReply = { ok: true; value: unknown } | { ok: false; message: string };

type BridgeWindow = Record<string, unknown>;

export interface RemoteApi<View> {
  view(): View;
  subscribe(listener: (view: View) => void): () => void;
}

/** The API as the page sees it: `view`, `subscribe`, and one function per action name. */
export async function remoteApi<View, Api extends RemoteApi<View>>(
  target: Window,
  names: BridgeNames,
  actions: readonly string[],
): Promise<Api> {
  const page = target as unknown as BridgeWindow;
  const listeners = new Set<(view: View) => void>();
  let current: View | null = null;
  page[names.push] = (view: View) => {
    current = view;
    for (const listener of listeners) listener(view);
  };
  const call = async (method: string, args: unknown[]): Promise<unknown> => {
    const bridge = page[names.call] as (method: string, args: unknown[]) => Promise<BridgeReply>;
    const reply = await bridge(method, args);
    if (!reply.ok) throw new Error(reply.message);
    return reply.value;
  };
  const first = (await call('view', [])) as View;
  current ??= first;
  const methods = Object.fromEntries(
    actions.map((name) => [name, (...args: unknown[]) => call(name, args)]),
  );
  return {
    ...methods,
    view: () => current ?? first,
    subscribe(listener: (view: View) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as Api;
}
