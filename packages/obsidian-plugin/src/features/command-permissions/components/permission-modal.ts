/**
 * The Obsidian modal that asks whether an AI client may run a command: Deny, Allow once, and
 * (unless the command looks destructive) Allow always. Closing it any other way is Deny; when
 * the gate stops waiting (30 s), it closes itself. Obsidian-only: main.ts hands it to the gate.
 * The modal is composed (a plain `Modal` with handlers), not subclassed, so loading the bundle
 * defines no class over Obsidian's at start-up.
 */
import { Modal, Setting, type App } from 'obsidian';
import { markDestructive } from '../../../ui/obsidian-compat.ts';
import type {
  PermissionAnswer,
  PermissionPrompt,
  PermissionRequest,
} from '../services/permission-prompt.ts';

type Answer = (answer: PermissionAnswer) => void;

export class ModalPermissionPrompt implements PermissionPrompt {
  constructor(private readonly app: App) {}

  ask(request: PermissionRequest, signal: AbortSignal): Promise<PermissionAnswer> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve('deny');
      let answer: PermissionAnswer = 'deny';
      const modal = new Modal(this.app);
      const answerWith: Answer = (choice) => {
        answer = choice;
        modal.close();
      };
      modal.onOpen = () => render(modal, request, answerWith);
      modal.onClose = () => {
        modal.contentEl.empty();
        resolve(answer);
      };
      signal.addEventListener('abort', () => modal.close(), { once: true });
      modal.open();
    });
  }
}

function render(modal: Modal, request: PermissionRequest, answerWith: Answer): void {
  const { contentEl } = modal;
  modal.setTitle('Run an Obsidian command?');
  contentEl.createEl('p', {
    text: `An AI client connected to Local MCP Server wants to run "${request.commandName}".`,
  });
  contentEl.createEl('p', { text: `Command ID: ${request.commandId}`, cls: 'mod-muted' });
  if (request.destructive) {
    contentEl.createEl('p', {
      text: 'This command looks destructive: it may delete or reset data. It can only be allowed once.',
      cls: 'mod-warning',
    });
  }
  contentEl.createEl('p', {
    text: `Denied automatically after ${Math.round(request.timeoutMs / 1000)} seconds.`,
    cls: 'setting-item-description',
  });
  addButtons(contentEl, request, answerWith);
}

function addButtons(container: HTMLElement, request: PermissionRequest, answerWith: Answer): void {
  const buttons = new Setting(container);
  buttons.addButton((button) => button.setButtonText('Deny').onClick(() => answerWith('deny')));
  buttons.addButton((button) => {
    button.setButtonText('Allow once').onClick(() => answerWith('allow_once'));
    if (request.destructive) markDestructive(button);
    else button.setCta();
  });
  if (!request.destructive) {
    buttons.addButton((button) =>
      button.setButtonText('Allow always').onClick(() => answerWith('allow_always')),
    );
  }
}
