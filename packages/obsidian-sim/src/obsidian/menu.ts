/**
 * Obsidian's Menu and MenuItem: items added before it is shown, drawn when shown into the
 * document's body as Obsidian's `menu` of `menu-item`s (an icon and a title), at the position
 * given. Clicking an item runs its callback and hides the menu; Escape, or a press outside it,
 * hides it. Every menu shown and not yet hidden is in `Menu.shown`, for a scenario to read.
 */
import type { Menu as ObsidianMenu, MenuItem as ObsidianMenuItem, MenuPositionDef } from 'obsidian';
import { setIcon } from './icon.ts';
import type { Simulates } from './simulates.ts';

type MenuItemMembers =
  | 'setTitle'
  | 'setIcon'
  | 'setChecked'
  | 'setDisabled'
  | 'setWarning'
  | 'setIsLabel'
  | 'onClick'
  | 'setSection';

export class MenuItem implements Simulates<ObsidianMenuItem, MenuItemMembers> {
  title: string | DocumentFragment = '';
  icon: string | null = null;
  checked: boolean | null = null;
  disabled = false;
  warning = false;
  isLabel = false;
  section = '';
  callback: ((evt: MouseEvent | KeyboardEvent) => unknown) | null = null;

  setTitle(title: string | DocumentFragment): this {
    this.title = title;
    return this;
  }

  /** The title as text, for a scenario to read. */
  titleText(): string {
    return typeof this.title === 'string' ? this.title : (this.title.textContent ?? '');
  }

  setIcon(icon: string | null): this {
    this.icon = icon;
    return this;
  }

  setChecked(checked: boolean | null): this {
    this.checked = checked;
    return this;
  }

  setDisabled(disabled: boolean): this {
    this.disabled = disabled;
    return this;
  }

  setWarning(isWarning: boolean): this {
    this.warning = isWarning;
    return this;
  }

  setIsLabel(isLabel: boolean): this {
    this.isLabel = isLabel;
    return this;
  }

  onClick(callback: (evt: MouseEvent | KeyboardEvent) => unknown): this {
    this.callback = callback;
    return this;
  }

  setSection(section: string): this {
    this.section = section;
    return this;
  }
}

type MenuMembers =
  | 'setNoIcon'
  | 'setUseNativeMenu'
  | 'addItem'
  | 'addSeparator'
  | 'showAtMouseEvent'
  | 'showAtPosition'
  | 'hide'
  | 'close'
  | 'onHide';

export class Menu implements Simulates<ObsidianMenu, MenuMembers> {
  /** The menus on screen now. */
  static readonly shown = new Set<Menu>();
  readonly items: (MenuItem | 'separator')[] = [];
  /** The menu's element while it is shown. */
  dom: HTMLElement | null = null;
  private noIcon = false;
  private readonly hidden: (() => unknown)[] = [];
  private readonly cleanups: (() => void)[] = [];

  setNoIcon(): this {
    this.noIcon = true;
    return this;
  }

  setUseNativeMenu(_useNativeMenu: boolean): this {
    return this;
  }

  addItem(cb: (item: ObsidianMenuItem) => unknown): this {
    if (this.dom !== null) return this;
    const item = new MenuItem();
    cb(item);
    this.items.push(item);
    return this;
  }

  addSeparator(): this {
    if (this.dom === null) this.items.push('separator');
    return this;
  }

  showAtMouseEvent(evt: MouseEvent): this {
    const target = evt.target as Node | null;
    return this.showAtPosition(
      { x: evt.clientX, y: evt.clientY },
      target?.ownerDocument ?? undefined,
    );
  }

  showAtPosition(position: MenuPositionDef, doc?: Document): this {
    const document = doc ?? (globalThis as { activeDocument?: Document }).activeDocument;
    if (document === undefined) throw new Error('Menu.showAtPosition: no document to draw in.');
    this.hide();
    const menu = document.body.createDiv({ cls: 'menu' });
    menu.setCssStyles({ position: 'fixed', left: `${position.x}px`, top: `${position.y}px` });
    for (const item of this.items) this.drawItem(menu, item);
    this.dom = menu;
    Menu.shown.add(this);
    this.listen(document, 'keydown', (event) => {
      if ((event as KeyboardEvent).key === 'Escape') this.hide();
    });
    this.listen(document, 'mousedown', (event) => {
      if (!menu.contains(event.target as Node | null)) this.hide();
    });
    return this;
  }

  hide(): this {
    if (this.dom === null) return this;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.dom.detach();
    this.dom = null;
    Menu.shown.delete(this);
    for (const callback of this.hidden) callback();
    return this;
  }

  close(): void {
    this.hide();
  }

  onHide(callback: () => unknown): void {
    this.hidden.push(callback);
  }

  private drawItem(menu: HTMLElement, item: MenuItem | 'separator'): void {
    if (item === 'separator') {
      menu.createDiv({ cls: 'menu-separator' });
      return;
    }
    const el = menu.createDiv({ cls: 'menu-item' });
    el.toggleClass('is-disabled', item.disabled);
    el.toggleClass('is-warning', item.warning);
    el.toggleClass('is-label', item.isLabel);
    if (!this.noIcon) {
      const icon = el.createDiv({ cls: 'menu-item-icon' });
      if (item.icon !== null) setIcon(icon, item.icon);
    }
    el.createDiv({ cls: 'menu-item-title' }).setText(item.title);
    el.addEventListener('click', (event) => {
      if (item.disabled || item.isLabel) return;
      this.hide();
      item.callback?.(event);
    });
  }

  private listen(document: Document, type: string, listener: (event: Event) => void): void {
    document.addEventListener(type, listener, true);
    this.cleanups.push(() => document.removeEventListener(type, listener, true));
  }
}
