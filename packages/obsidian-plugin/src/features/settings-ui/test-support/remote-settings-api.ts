/**
 * The page's SettingsApi in the Chromium harness: each action goes over the bridge to the real
 * SettingsService in the test process, and views pushed from there reach the subscribers.
 */
import type { SettingsApi, SettingsView } from '../services/settings-api.ts';
import { ACTIONS, CALL, PUSH, type BridgeMethod, type BridgeReply } from './bridge.ts';

type BridgeWindow = Window & {
  [CALL]: (method: BridgeMethod, args: unknown[]) => Promise<BridgeReply>;
  [PUSH]?: (view: SettingsView) => void;
};

export async function remoteSettingsApi(target: BridgeWindow): Promise<SettingsApi> {
  const listeners = new Set<(view: SettingsView) => void>();
  let current: SettingsView | null = null;
  target[PUSH] = (view) => {
    current = view;
    for (const listener of listeners) listener(view);
  };
  const call = async (method: BridgeMethod, args: unknown[]): Promise<unknown> => {
    const reply = await target[CALL](method, args);
    if (!reply.ok) throw new Error(reply.message);
    return reply.value;
  };
  const first = (await call('view', [])) as SettingsView;
  current ??= first;
  const actions = Object.fromEntries(
    ACTIONS.map((name) => [name, (...args: unknown[]) => call(name, args)]),
  );
  return {
    ...(actions as Omit<SettingsApi, 'view' | 'subscribe'>),
    view: () => current ?? first,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
