/**
 * The permission modal in the simulated Obsidian: it opens in the app's document with
 * Obsidian's Modal and Setting, says what is asked, and each button (or an abort) answers.
 */
import { afterEach, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../host/test-support/test-host.ts';
import type { PermissionRequest } from '../services/permission-prompt.ts';
import { ModalPermissionPrompt } from './permission-modal.ts';

let vault: TestHost | null = null;
afterEach(async () => {
  await vault?.close();
  vault = null;
});

const request = (destructive: boolean): PermissionRequest => ({
  commandId: destructive ? 'app:delete-file' : 'editor:toggle-bold',
  commandName: destructive ? 'Delete current file' : 'Toggle bold',
  destructive,
  timeoutMs: 30_000,
});

async function openModal(destructive: boolean) {
  vault = await openTestHost({});
  const { app } = vault;
  const controller = new AbortController();
  const answer = new ModalPermissionPrompt(app.asObsidian()).ask(
    request(destructive),
    controller.signal,
  );
  const [modal] = [...app.openModals];
  if (modal === undefined) throw new Error('no modal opened');
  const buttons = () => [...modal.contentEl.querySelectorAll('button')];
  const click = (label: string) =>
    buttons()
      .find((button) => button.textContent === label)
      ?.click();
  return { app, modal, answer, controller, buttons, click };
}

test('asks about the command by name and id, and "Allow always" answers allow_always', async () => {
  const { app, modal, answer, buttons, click } = await openModal(false);
  expect(modal.titleEl.textContent).toBe('Run an Obsidian command?');
  expect(modal.contentEl.textContent).toContain('"Toggle bold"');
  expect(modal.contentEl.textContent).toContain('Command ID: editor:toggle-bold');
  expect(buttons().map((button) => button.textContent)).toEqual([
    'Deny',
    'Allow once',
    'Allow always',
  ]);
  click('Allow always');
  expect(await answer).toBe('allow_always');
  expect(app.openModals.size).toBe(0);
});

test('a destructive command is warned about and can only be allowed once', async () => {
  const { modal, answer, buttons, click } = await openModal(true);
  expect(modal.contentEl.querySelector('.mod-warning')?.textContent).toContain('looks destructive');
  expect(buttons().map((button) => button.textContent)).toEqual(['Deny', 'Allow once']);
  click('Allow once');
  expect(await answer).toBe('allow_once');
});

test('when the gate stops waiting, the modal closes and the answer is deny', async () => {
  const { app, answer, controller } = await openModal(false);
  controller.abort();
  expect(await answer).toBe('deny');
  expect(app.openModals.size).toBe(0);
});
