/**
 * The test process's end of a harness page's bridge (the page's end is settings-ui's
 * test-support/remote-api.ts): each call from the page runs the service's action, and every new
 * view the service publishes is pushed to the page. Used by the settings tab's harness and the
 * Recent AI changes harness.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type {
  BridgeNames,
  BridgeReply,
} from '../../packages/obsidian-plugin/src/features/settings-ui/test-support/remote-api.ts';

export interface BridgedService<View> {
  view(): View;
  subscribe(listener: (view: View) => void): () => void;
}

/** Opens the page over the bridge; resolves once the page says `body[data-ready=true]`. */
export async function openBridgedPage<View>(
  context: BrowserContext,
  url: string,
  bridge: BridgeNames & { actions: readonly string[] },
  service: BridgedService<View>,
  theme: 'dark' | 'light',
): Promise<Page> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(url).origin,
  });
  await context.exposeBinding(bridge.call, (_source, method: unknown, args: unknown) =>
    answer(service, bridge.actions, method, args),
  );
  const page = context.pages()[0] ?? (await context.newPage());
  const stop = service.subscribe((view) => {
    page
      .evaluate(
        ([name, next]) => (window as unknown as Record<string, Push | undefined>)[name]?.(next),
        [bridge.push, view] as const,
      )
      .catch(() => undefined); // the page is navigating or closed
  });
  page.once('close', stop);
  await page.goto(`${url}?theme=${theme}`);
  await page.locator('body[data-ready="true"]').waitFor();
  return page;
}

type Push = (view: unknown) => void;

/** One bridge call: `view`, or one of the service's actions, with its error as a message. */
async function answer<View>(
  service: BridgedService<View>,
  actions: readonly string[],
  method: unknown,
  args: unknown,
): Promise<BridgeReply> {
  if (
    typeof method !== 'string' ||
    !(method === 'view' || actions.includes(method)) ||
    !Array.isArray(args)
  )
    return { ok: false, message: `The harness has no bridge call ${String(method)}.` };
  try {
    if (method === 'view') return { ok: true, value: service.view() };
    const callable = service as unknown as Record<string, (...values: unknown[]) => unknown>;
    return { ok: true, value: await callable[method]?.apply(service, args) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
