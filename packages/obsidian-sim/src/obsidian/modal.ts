/**
 * Obsidian's Modal: `open` puts it in the app's document and calls onOpen, `close` (or its close
 * button, an `x` icon) takes it out and calls onClose. The app lists the open modals, so a
 * scenario can read and click them.
 */
import type { App as ObsidianApp, Modal as ObsidianModal } from 'obsidian';
import type { App } from './app.ts';
import { setIcon } from './icon.ts';
import type { Simulates } from './simulates.ts';

type ModalMembers =
  | 'app'
  | 'containerEl'
  | 'modalEl'
  | 'titleEl'
  | 'contentEl'
  | 'shouldRestoreSelection'
  | 'open'
  | 'close'
  | 'onOpen'
  | 'onClose'
  | 'setTitle'
  | 'setContent';

export class Modal implements Simulates<ObsidianModal, ModalMembers> {
  readonly containerEl: HTMLElement;
  readonly modalEl: HTMLElement;
  readonly titleEl: HTMLElement;
  readonly contentEl: HTMLElement;
  shouldRestoreSelection = true;
  private isOpen = false;

  constructor(readonly app: ObsidianApp) {
    const document = (app as unknown as App).dom.document;
    this.containerEl = document.createElement('div');
    this.containerEl.addClass('modal-container');
    this.modalEl = this.containerEl.createDiv({ cls: 'modal' });
    const closeButton = this.modalEl.createDiv({ cls: 'modal-close-button' });
    setIcon(closeButton, 'x');
    closeButton.addEventListener('click', () => this.close());
    this.titleEl = this.modalEl.createDiv({ cls: 'modal-title' });
    this.contentEl = this.modalEl.createDiv({ cls: 'modal-content' });
  }

  open(): void {
    if (this.isOpen) return;
    this.isOpen = true;
    this.simApp().dom.document.body.appendChild(this.containerEl);
    this.simApp().openModals.add(this);
    this.onOpen();
  }

  close(): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.containerEl.detach();
    this.simApp().openModals.delete(this);
    this.onClose();
  }

  onOpen(): void {}

  onClose(): void {}

  setTitle(title: string): this {
    this.titleEl.setText(title);
    return this;
  }

  setContent(content: string | DocumentFragment): this {
    this.contentEl.setText(content);
    return this;
  }

  private simApp(): App {
    return this.app as unknown as App;
  }
}
