/**
 * Obsidian's Notice: a message shown in the corner. The simulation records every message on a
 * NoticeBoard; loadPlugin hands main.js a Notice bound to its app's board (`Notice.board` is
 * read from the class that was constructed), so two simulated apps never mix their notices.
 */
import type { Notice as ObsidianNotice } from 'obsidian';
import { createDom } from './dom.ts';
import type { Simulates } from './simulates.ts';

export class NoticeBoard {
  /** The text of every notice shown, oldest first. */
  readonly shown: string[] = [];
  private readonly listeners = new Set<(text: string) => void>();

  constructor(readonly containerEl: HTMLElement) {}

  show(text: string): void {
    this.shown.push(text);
    for (const listener of this.listeners) listener(text);
  }

  onShow(listener: (text: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

let fallbackBoard: NoticeBoard | null = null;

/** The board of notices made without a simulated app (a unit test's own `new Notice`). */
function defaultBoard(): NoticeBoard {
  fallbackBoard ??= new NoticeBoard(
    createDom().document.body.createDiv({ cls: 'notice-container' }),
  );
  return fallbackBoard;
}

export class Notice implements Simulates<
  ObsidianNotice,
  'containerEl' | 'messageEl' | 'setMessage' | 'hide'
> {
  static board: NoticeBoard | null = null;
  readonly containerEl: HTMLElement;
  readonly noticeEl: HTMLElement;
  readonly messageEl: HTMLElement;

  constructor(
    message: string | DocumentFragment,
    readonly duration?: number,
  ) {
    const board = new.target.board ?? defaultBoard();
    this.containerEl = board.containerEl;
    this.noticeEl = this.containerEl.createDiv({ cls: 'notice' });
    this.messageEl = this.noticeEl.createDiv({ cls: 'notice-message' });
    this.messageEl.setText(message);
    board.show(this.messageEl.getText());
  }

  setMessage(message: string | DocumentFragment): this {
    this.messageEl.setText(message);
    return this;
  }

  hide(): void {
    this.noticeEl.detach();
  }
}
