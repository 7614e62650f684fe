/**
 * The DOM a plugin sees in Obsidian: a browser window (happy-dom) whose nodes carry Obsidian's
 * helpers (createEl, createDiv, createSpan, empty, setText, addClass, toggleClass, ...), each
 * typed against obsidian.d.ts's declarations so they cannot drift. The helpers are installed on
 * happy-dom's prototypes once; they never touch this process's own globals.
 */
import { Window } from 'happy-dom';
import { installDomHelpers } from './dom-helpers.ts';

export { domGlobals } from './dom-helpers.ts';

/** A fresh browser window with Obsidian's DOM helpers, typed as the DOM of lib.dom. */
export interface SimDom {
  window: globalThis.Window & typeof globalThis;
  document: Document;
  /** Closes the window: its timers and pending loads stop. */
  close(): Promise<void>;
}

export function createDom(): SimDom {
  const window = new Window({ url: 'app://obsidian.md/index.html' });
  installDomHelpers(window);
  const document = window.document as unknown as Document;
  document.body.addClass('theme-light');
  return {
    window: window as unknown as globalThis.Window & typeof globalThis,
    document,
    close: () => window.happyDOM.close(),
  };
}
