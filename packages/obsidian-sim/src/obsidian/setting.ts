/**
 * Obsidian's Setting and its components, laid out with Obsidian's own classes
 * (`setting-item`, `setting-item-info`, `setting-item-name`, `setting-item-description`,
 * `setting-item-control`, `checkbox-container`, `mod-cta`, `mod-warning`, `dropdown`), so a
 * settings tab renders to the DOM it would have in Obsidian and a scenario can click it.
 */
import type {
  BaseComponent as ObsidianBaseComponent,
  ButtonComponent as ObsidianButton,
  DropdownComponent as ObsidianDropdown,
  ExtraButtonComponent as ObsidianExtraButton,
  Setting as ObsidianSetting,
  TextAreaComponent as ObsidianTextArea,
  TextComponent as ObsidianText,
  ToggleComponent as ObsidianToggle,
} from 'obsidian';
import type { Simulates } from './simulates.ts';

const drawnBy = new WeakMap<Element, object>();

/**
 * The Setting or component that drew this element (a row's settingEl, a toggle's toggleEl, a
 * dropdown's selectEl, a text field's inputEl, a button's buttonEl), or undefined when something else drew it: how a
 * test tells Obsidian's own rows and controls from look-alikes in the same markup.
 */
export function drawnByComponent(el: Element): object | undefined {
  return drawnBy.get(el);
}

export class BaseComponent implements Simulates<
  ObsidianBaseComponent,
  'disabled' | 'then' | 'setDisabled'
> {
  disabled = false;

  then(cb: (component: this) => unknown): this {
    cb(this);
    return this;
  }

  setDisabled(disabled: boolean): this {
    this.disabled = disabled;
    return this;
  }
}

export abstract class ValueComponent<T> extends BaseComponent {
  abstract getValue(): T;
  abstract setValue(value: T): this;

  registerOptionListener(listeners: Record<string, (value?: T) => T>, key: string): this {
    listeners[key] = (value?: T) => {
      if (value !== undefined) this.setValue(value);
      return this.getValue();
    };
    return this;
  }
}

export class ButtonComponent
  extends BaseComponent
  implements Simulates<ObsidianButton, Exclude<keyof ObsidianButton, 'then'>>
{
  readonly buttonEl: HTMLButtonElement;

  constructor(containerEl: HTMLElement) {
    super();
    this.buttonEl = containerEl.createEl('button');
    drawnBy.set(this.buttonEl, this);
  }

  override setDisabled(disabled: boolean): this {
    this.buttonEl.disabled = disabled;
    return super.setDisabled(disabled);
  }

  setCta(): this {
    this.buttonEl.addClass('mod-cta');
    return this;
  }

  removeCta(): this {
    this.buttonEl.removeClass('mod-cta');
    return this;
  }

  setWarning(): this {
    this.buttonEl.addClass('mod-warning');
    return this;
  }

  setDestructive(): this {
    this.buttonEl.addClass('mod-destructive');
    return this;
  }

  removeDestructive(): this {
    this.buttonEl.removeClass('mod-destructive');
    return this;
  }

  setTooltip(tooltip: string): this {
    this.buttonEl.setAttr('aria-label', tooltip);
    return this;
  }

  setButtonText(name: string): this {
    this.buttonEl.setText(name);
    return this;
  }

  setIcon(icon: string): this {
    this.buttonEl.setAttr('data-icon', icon);
    return this;
  }

  setClass(cls: string): this {
    this.buttonEl.addClass(cls);
    return this;
  }

  onClick(callback: (evt: MouseEvent) => unknown): this {
    this.buttonEl.addEventListener('click', (evt) => {
      if (!this.disabled) callback(evt);
    });
    return this;
  }
}

export class ExtraButtonComponent
  extends BaseComponent
  implements Simulates<ObsidianExtraButton, Exclude<keyof ObsidianExtraButton, 'then'>>
{
  readonly extraSettingsEl: HTMLElement;

  constructor(containerEl: HTMLElement) {
    super();
    this.extraSettingsEl = containerEl.createDiv({ cls: 'clickable-icon extra-setting-button' });
  }

  setTooltip(tooltip: string): this {
    this.extraSettingsEl.setAttr('aria-label', tooltip);
    return this;
  }

  setIcon(icon: string): this {
    this.extraSettingsEl.setAttr('data-icon', icon);
    return this;
  }

  onClick(callback: () => unknown): this {
    this.extraSettingsEl.addEventListener('click', () => {
      if (!this.disabled) callback();
    });
    return this;
  }
}

export class ToggleComponent
  extends ValueComponent<boolean>
  implements Simulates<ObsidianToggle, Exclude<keyof ObsidianToggle, 'then'>>
{
  readonly toggleEl: HTMLElement;
  private value = false;
  private changed: ((value: boolean) => unknown) | null = null;

  constructor(containerEl: HTMLElement) {
    super();
    this.toggleEl = containerEl.createDiv({ cls: 'checkbox-container' });
    this.toggleEl.createEl('input', { type: 'checkbox' });
    drawnBy.set(this.toggleEl, this);
    this.toggleEl.addEventListener('click', () => this.onClick());
  }

  getValue(): boolean {
    return this.value;
  }

  setValue(on: boolean): this {
    this.value = on;
    this.toggleEl.toggleClass('is-enabled', on);
    return this;
  }

  setTooltip(tooltip: string): this {
    this.toggleEl.setAttr('aria-label', tooltip);
    return this;
  }

  onClick(): void {
    if (this.disabled) return;
    this.setValue(!this.value);
    this.changed?.(this.value);
  }

  onChange(callback: (value: boolean) => unknown): this {
    this.changed = callback;
    return this;
  }
}

abstract class AbstractTextComponent<
  T extends HTMLInputElement | HTMLTextAreaElement,
> extends ValueComponent<string> {
  private changed: ((value: string) => unknown) | null = null;

  constructor(readonly inputEl: T) {
    super();
    drawnBy.set(inputEl, this);
    inputEl.addEventListener('input', () => this.onChanged());
  }

  override setDisabled(disabled: boolean): this {
    this.inputEl.disabled = disabled;
    return super.setDisabled(disabled);
  }

  getValue(): string {
    return this.inputEl.value;
  }

  setValue(value: string): this {
    this.inputEl.value = value;
    return this;
  }

  setPlaceholder(placeholder: string): this {
    this.inputEl.placeholder = placeholder;
    return this;
  }

  onChanged(): void {
    this.changed?.(this.getValue());
  }

  onChange(callback: (value: string) => unknown): this {
    this.changed = callback;
    return this;
  }
}

export class TextComponent
  extends AbstractTextComponent<HTMLInputElement>
  implements Simulates<ObsidianText, Exclude<keyof ObsidianText, 'then'>>
{
  constructor(containerEl: HTMLElement) {
    super(containerEl.createEl('input', { type: 'text' }));
  }
}

export class TextAreaComponent
  extends AbstractTextComponent<HTMLTextAreaElement>
  implements Simulates<ObsidianTextArea, Exclude<keyof ObsidianTextArea, 'then'>>
{
  constructor(containerEl: HTMLElement) {
    super(containerEl.createEl('textarea'));
  }
}

export class DropdownComponent
  extends ValueComponent<string>
  implements Simulates<ObsidianDropdown, Exclude<keyof ObsidianDropdown, 'then'>>
{
  readonly selectEl: HTMLSelectElement;
  private changed: ((value: string) => unknown) | null = null;

  constructor(containerEl: HTMLElement) {
    super();
    this.selectEl = containerEl.createEl('select', { cls: 'dropdown' });
    drawnBy.set(this.selectEl, this);
    this.selectEl.addEventListener('change', () => this.changed?.(this.getValue()));
  }

  override setDisabled(disabled: boolean): this {
    this.selectEl.disabled = disabled;
    return super.setDisabled(disabled);
  }

  addOption(value: string, display: string): this {
    this.selectEl.createEl('option', { text: display, value });
    return this;
  }

  addOptions(options: Record<string, string>): this {
    for (const [value, display] of Object.entries(options)) this.addOption(value, display);
    return this;
  }

  getValue(): string {
    return this.selectEl.value;
  }

  setValue(value: string): this {
    this.selectEl.value = value;
    return this;
  }

  onChange(callback: (value: string) => unknown): this {
    this.changed = callback;
    return this;
  }
}

type SettingMembers =
  | 'settingEl'
  | 'infoEl'
  | 'nameEl'
  | 'descEl'
  | 'controlEl'
  | 'components'
  | 'setName'
  | 'setDesc'
  | 'setClass'
  | 'setTooltip'
  | 'setHeading'
  | 'setDisabled'
  | 'addButton'
  | 'addExtraButton'
  | 'addToggle'
  | 'addText'
  | 'addTextArea'
  | 'addDropdown'
  | 'clear';

export class Setting implements Simulates<ObsidianSetting, SettingMembers> {
  readonly settingEl: HTMLElement;
  readonly infoEl: HTMLElement;
  readonly nameEl: HTMLElement;
  readonly descEl: HTMLElement;
  readonly controlEl: HTMLElement;
  components: ObsidianBaseComponent[] = [];

  constructor(containerEl: HTMLElement) {
    this.settingEl = containerEl.createDiv({ cls: 'setting-item' });
    this.infoEl = this.settingEl.createDiv({ cls: 'setting-item-info' });
    this.nameEl = this.infoEl.createDiv({ cls: 'setting-item-name' });
    this.descEl = this.infoEl.createDiv({ cls: 'setting-item-description' });
    this.controlEl = this.settingEl.createDiv({ cls: 'setting-item-control' });
    drawnBy.set(this.settingEl, this);
  }

  setName(name: string | DocumentFragment): this {
    this.nameEl.setText(name);
    return this;
  }

  setDesc(desc: string | DocumentFragment): this {
    this.descEl.setText(desc);
    return this;
  }

  setClass(cls: string): this {
    this.settingEl.addClass(cls);
    return this;
  }

  setTooltip(tooltip: string): this {
    this.nameEl.setAttr('aria-label', tooltip);
    return this;
  }

  setHeading(): this {
    this.settingEl.addClass('setting-item-heading');
    return this;
  }

  setDisabled(disabled: boolean): this {
    this.settingEl.toggleClass('is-disabled', disabled);
    for (const component of this.components) component.setDisabled(disabled);
    return this;
  }

  addButton(cb: (component: ObsidianButton) => unknown): this {
    return this.add(new ButtonComponent(this.controlEl), cb);
  }

  addExtraButton(cb: (component: ObsidianExtraButton) => unknown): this {
    return this.add(new ExtraButtonComponent(this.controlEl), cb);
  }

  addToggle(cb: (component: ObsidianToggle) => unknown): this {
    return this.add(new ToggleComponent(this.controlEl), cb);
  }

  addText(cb: (component: ObsidianText) => unknown): this {
    return this.add(new TextComponent(this.controlEl), cb);
  }

  addTextArea(cb: (component: ObsidianTextArea) => unknown): this {
    return this.add(new TextAreaComponent(this.controlEl), cb);
  }

  addDropdown(cb: (component: ObsidianDropdown) => unknown): this {
    return this.add(new DropdownComponent(this.controlEl), cb);
  }

  then(cb: (setting: this) => unknown): this {
    cb(this);
    return this;
  }

  clear(): this {
    this.controlEl.empty();
    this.components = [];
    return this;
  }

  private add<T extends BaseComponent>(component: T, cb: (component: never) => unknown): this {
    this.components.push(component);
    cb(component as never);
    return this;
  }
}
