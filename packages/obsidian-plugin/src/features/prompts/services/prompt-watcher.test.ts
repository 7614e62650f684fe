import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../host/test-support/test-host.ts';
import type { VaultHost } from '../../../host/vault-host.ts';
import { HiddenFoldersHost } from '../../tool-policy/index.ts';
import { watchPrompts, type PromptWatcher } from './prompt-watcher.ts';

let vault: TestHost;
let watcher: PromptWatcher;
afterEach(async () => {
  watcher.stop();
  await vault.close();
});

const PROMPT = '---\ntags: [mcp-tools-prompt]\ndescription: First\n---\nBody';

/** Watches `host` with a 0 ms settle delay; `count()` is how many notifications were sent. */
async function watch(host: VaultHost, delays: number[] = [0]): Promise<() => number> {
  let notified = 0;
  watcher = watchPrompts(host, () => notified++, { settleDelaysMs: delays });
  await watcher.settled(); // the first list, to compare the changes with
  return () => notified;
}

/** Runs `change` and returns how many notifications it caused, once every check has run. */
async function notificationsFrom(count: () => number, change: () => Promise<unknown>) {
  const before = count();
  await change();
  await watcher.settled();
  return count() - before;
}

/** A host whose next look at a note's tags, after `lagOnce`, still sees the tags it had then. */
function laggingTags(inner: VaultHost) {
  let stale: string[] | null = null;
  let looks = 0;
  const host = new Proxy(inner, {
    get(target, property) {
      if (property === 'getAllTags' && stale !== null) {
        const tags = stale;
        stale = null;
        looks++;
        return () => tags;
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  return {
    host,
    lagOnce: (path: string) => void (stale = inner.getAllTags(path)),
    staleLooks: () => looks,
  };
}

describe('prompt list changes', () => {
  test('adding, retagging, renaming and deleting a prompt each notify once', async () => {
    vault = await openTestHost({ 'Prompts/a.md': PROMPT });
    const { host } = vault;
    const count = await watch(host);
    expect(await notificationsFrom(count, () => host.create('Prompts/b.md', PROMPT))).toBe(1);
    const untag = () => host.processFrontMatter('Prompts/b.md', (fm) => void (fm.tags = []));
    expect(await notificationsFrom(count, untag)).toBe(1);
    const retag = () => host.process('Prompts/b.md', (text) => `${text} #mcp-tools-prompt`);
    expect(await notificationsFrom(count, retag)).toBe(1);
    expect(
      await notificationsFrom(count, () => host.renameFile('Prompts/b.md', 'Prompts/c.md')),
    ).toBe(1);
    const intoSubfolder = () => host.renameFile('Prompts/c.md', 'Prompts/Old/c.md');
    expect(await notificationsFrom(count, intoSubfolder)).toBe(1);
    expect(await notificationsFrom(count, () => host.trashFile('Prompts/a.md'))).toBe(1);
  });

  test('editing what prompts/list shows (description, arguments) notifies', async () => {
    vault = await openTestHost({ 'Prompts/a.md': PROMPT });
    const { host } = vault;
    const count = await watch(host);
    const describe = () =>
      host.processFrontMatter('Prompts/a.md', (fm) => void (fm.description = 'New'));
    expect(await notificationsFrom(count, describe)).toBe(1);
    const argue = () => host.process('Prompts/a.md', (t) => `${t}\n<% tp.mcpTools.prompt("x") %>`);
    expect(await notificationsFrom(count, argue)).toBe(1);
  });

  test('changes that leave the list as it was are not announced', async () => {
    vault = await openTestHost({ 'Prompts/a.md': PROMPT, 'Notes/n.md': 'x' });
    const { host } = vault;
    const count = await watch(host);
    const quiet = [
      () => host.process('Prompts/a.md', (text) => `${text}\nmore body`),
      () => host.create('Prompts/untagged.md', 'no tag'),
      () => host.create('Prompts/Sub/deep.md', PROMPT),
      () => host.create('Elsewhere/p.md', PROMPT),
      () => host.process('Notes/n.md', () => '#mcp-tools-prompt'),
    ];
    for (const change of quiet) expect(await notificationsFrom(count, change)).toBe(0);
  });

  test('a late metadata update (Obsidian re-reads tags after the change event) is caught by the later check', async () => {
    vault = await openTestHost({ 'Prompts/a.md': PROMPT });
    const lagging = laggingTags(vault.host);
    const count = await watch(lagging.host, [0, 80]);
    lagging.lagOnce('Prompts/a.md');
    await vault.host.processFrontMatter('Prompts/a.md', (fm) => void (fm.tags = []));
    await watcher.settled();
    expect(lagging.staleLooks()).toBe(1);
    expect(count()).toBe(1);
  });

  test('one check alone misses the late update: the later one is what catches it', async () => {
    vault = await openTestHost({ 'Prompts/a.md': PROMPT });
    const lagging = laggingTags(vault.host);
    const count = await watch(lagging.host, [0]);
    lagging.lagOnce('Prompts/a.md');
    await vault.host.processFrontMatter('Prompts/a.md', (fm) => void (fm.tags = []));
    await watcher.settled();
    expect(lagging.staleLooks()).toBe(1);
    expect(count()).toBe(0);
  });

  test('recheck notices what no vault event reports (folders hidden); stop ends it all', async () => {
    vault = await openTestHost({ 'Prompts/a.md': PROMPT });
    let hidden: string[] = [];
    const guarded = new HiddenFoldersHost(vault.host, () => hidden);
    const count = await watch(guarded);
    hidden = ['Prompts'];
    expect(await notificationsFrom(count, async () => watcher.recheck())).toBe(1);
    expect(await notificationsFrom(count, async () => watcher.recheck())).toBe(0);
    hidden = [];
    watcher.stop();
    const afterStop = () => vault.host.create('Prompts/b.md', PROMPT);
    expect(await notificationsFrom(count, afterStop)).toBe(0);
  });
});
