/**
 * The tab's dialogs in the simulated Obsidian: a new secret opens in Obsidian's Modal, large,
 * with Copy secret (which copies it) and Done (which closes it); a confirmation answers true
 * only from its confirm button.
 */
import { afterEach, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../host/test-support/test-host.ts';
import { obsidianDialogs } from './obsidian-dialogs.ts';

let vault: TestHost | null = null;
afterEach(async () => {
  await vault?.close();
  vault = null;
});

function buttonNamed(modal: { modalEl: HTMLElement }, name: string): HTMLButtonElement {
  const button = [...modal.modalEl.querySelectorAll('button')].find(
    (candidate) => candidate.textContent === name,
  );
  if (button === undefined) throw new Error(`no ${name} button`);
  return button;
}

test('a new secret is shown in a modal with Copy secret and Done', async () => {
  vault = await openTestHost({});
  const { app } = vault;
  const copied: string[] = [];
  const dialogs = obsidianDialogs(app.asObsidian(), (text, what) => {
    copied.push(`${what}: ${text}`);
    return Promise.resolve();
  });
  dialogs.revealSecret(
    { tokenId: 't1', label: 'Cursor', secret: 's3cret' },
    'Token "Cursor" added',
  );
  const [modal] = [...app.openModals];
  if (modal === undefined) throw new Error('no modal opened');
  expect(modal.titleEl.textContent).toBe('Token "Cursor" added');
  expect(modal.contentEl.querySelector('.mcp-connector-secret-box')?.textContent).toBe('s3cret');
  expect(modal.contentEl.textContent).toContain('the client that will use "Cursor"');
  buttonNamed(modal, 'Copy secret').click();
  expect(copied).toEqual(['the secret: s3cret']);
  buttonNamed(modal, 'Done').click();
  expect(app.openModals.size).toBe(0);
});

test('a confirmation answers true from its button, false when cancelled', async () => {
  vault = await openTestHost({});
  const { app } = vault;
  const dialogs = obsidianDialogs(app.asObsidian(), () => Promise.resolve());
  const request = { title: 'Remove?', message: 'It goes.', confirmText: 'Remove' };
  const yes = dialogs.confirm(request);
  const [first] = [...app.openModals];
  if (first === undefined) throw new Error('no modal opened');
  expect(buttonNamed(first, 'Remove').classList.contains('mod-cta')).toBe(true);
  buttonNamed(first, 'Remove').click();
  expect(await yes).toBe(true);
  const no = dialogs.confirm(request);
  const [second] = [...app.openModals];
  if (second === undefined) throw new Error('no modal opened');
  buttonNamed(second, 'Cancel').click();
  expect(await no).toBe(false);
});
