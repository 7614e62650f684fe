/**
 * The tab's two dialogs with Obsidian's own Modal and Setting, for the tab inside Obsidian: a
 * confirmation that says what breaks, and a new secret shown large with Copy secret. The Svelte
 * sections ask for them through the tab's context (SettingsUi.confirm and revealSecret); outside
 * Obsidian (the Chromium harness) SettingsRoot's Svelte stand-ins answer instead. Modals are
 * composed (a plain Modal with handlers), not subclassed, so loading main.js defines no class
 * over Obsidian's.
 */
import { Modal, Setting, type App } from 'obsidian';
import { markDestructive } from '../../../ui/obsidian-compat.ts';
import type { NewSecret } from '../services/settings-api.ts';
import type { ConfirmRequest, Dialogs } from './context.ts';

export function obsidianDialogs(
  app: App,
  copy: (text: string, what: string) => Promise<void>,
): Dialogs {
  return {
    confirm: (request) => confirm(app, request),
    revealSecret: (secret, title) => revealSecret(app, secret, title, copy),
  };
}

function confirm(app: App, request: ConfirmRequest): Promise<boolean> {
  return new Promise((resolve) => {
    let answer = false;
    const modal = new Modal(app);
    modal.setTitle(request.title);
    modal.contentEl.createEl('p', { text: request.message });
    new Setting(modal.contentEl)
      .addButton((button) => {
        button.setButtonText(request.confirmText).onClick(() => {
          answer = true;
          modal.close();
        });
        if (request.warning === true) markDestructive(button);
        else button.setCta();
      })
      .addButton((button) => button.setButtonText('Cancel').onClick(() => modal.close()));
    modal.onClose = () => {
      modal.contentEl.empty();
      resolve(answer);
    };
    modal.open();
  });
}

function revealSecret(
  app: App,
  secret: NewSecret,
  title: string,
  copy: (text: string, what: string) => Promise<void>,
): void {
  const modal = new Modal(app);
  modal.setTitle(title);
  modal.contentEl.createEl('p', {
    text: `Paste this secret into the client that will use "${secret.label}". It is shown here once; later, the token's row can show or copy it again.`,
  });
  modal.contentEl.createDiv({ cls: 'mcp-connector-secret-box', text: secret.secret });
  new Setting(modal.contentEl)
    .addButton((button) =>
      button
        .setButtonText('Copy secret')
        .setCta()
        .onClick(() => void copy(secret.secret, 'the secret')),
    )
    .addButton((button) => button.setButtonText('Done').onClick(() => modal.close()));
  modal.onClose = () => modal.contentEl.empty();
  modal.open();
}
