/**
 * Obsidian's DOM helpers (createEl, createDiv, createSpan, empty, setText, addClass, toggleClass,
 * ...), each typed against obsidian.d.ts's declarations so they cannot drift, and its global DOM
 * functions. Installed on any window's prototypes: happy-dom's (dom.ts) or a real browser's (the
 * Chromium harness's `obsidian`, browser.ts). No imports, so a browser bundle can take it.
 */

/** The prototypes the helpers go on. */
export interface DomWindow {
  Node: { prototype: object };
  DocumentFragment: { prototype: object };
  Element: { prototype: object };
  HTMLElement: { prototype: object };
  SVGElement: { prototype: object };
}

type NodeHelper =
  | 'detach'
  | 'empty'
  | 'appendText'
  | 'insertAfter'
  | 'indexOf'
  | 'setChildrenInPlace'
  | 'instanceOf'
  | 'createEl'
  | 'createDiv'
  | 'createSpan'
  | 'createSvg';
type ElementHelper =
  | 'getText'
  | 'setText'
  | 'addClass'
  | 'addClasses'
  | 'removeClass'
  | 'removeClasses'
  | 'toggleClass'
  | 'hasClass'
  | 'setAttr'
  | 'setAttrs'
  | 'getAttr'
  | 'matchParent'
  | 'find'
  | 'findAll'
  | 'findAllSelf';
type HtmlElementHelper =
  | 'show'
  | 'hide'
  | 'toggle'
  | 'toggleVisibility'
  | 'isShown'
  | 'setCssStyles'
  | 'setCssProps'
  | 'onClickEvent'
  | 'trigger';

function applyInfo(
  el: HTMLElement | SVGElement,
  info: DomElementInfo | SvgElementInfo | string | undefined,
): void {
  const options: DomElementInfo = typeof info === 'string' ? { cls: info } : (info ?? {});
  if (options.cls !== undefined)
    el.addClasses(
      Array.isArray(options.cls) ? options.cls : options.cls.split(' ').filter(Boolean),
    );
  if (options.text !== undefined) el.setText(options.text);
  if (options.attr !== undefined) el.setAttrs(options.attr);
  if (options.title !== undefined) el.setAttr('title', options.title);
  for (const key of ['type', 'placeholder', 'href'] as const) {
    const value = options[key];
    if (value !== undefined) el.setAttr(key, value);
  }
  if (options.value !== undefined && 'value' in el) (el as HTMLInputElement).value = options.value;
  if (options.parent !== undefined) {
    if (options.prepend === true) options.parent.insertBefore(el, options.parent.firstChild);
    else options.parent.appendChild(el);
  }
}

function documentOf(node: Node): Document {
  return node.ownerDocument ?? (node as Document);
}

function created<T extends HTMLElement | SVGElement>(
  parent: Node,
  el: T,
  info: DomElementInfo | SvgElementInfo | string | undefined,
  callback?: (el: T) => void,
): T {
  applyInfo(el, info);
  const prepend = typeof info === 'object' && info.prepend === true;
  if (typeof info !== 'object' || info.parent === undefined) {
    if (prepend) parent.insertBefore(el, parent.firstChild);
    else parent.appendChild(el);
  }
  callback?.(el);
  return el;
}

const nodeHelpers: Pick<Node, NodeHelper> & ThisType<Node> = {
  detach() {
    this.parentNode?.removeChild(this);
  },
  empty() {
    while (this.firstChild !== null) this.removeChild(this.firstChild);
  },
  appendText(val: string) {
    this.appendChild(documentOf(this).createTextNode(val));
  },
  insertAfter<T extends Node>(node: T, child: Node | null): T {
    return this.insertBefore(node, child === null ? this.firstChild : child.nextSibling);
  },
  indexOf(other: Node) {
    return Array.prototype.indexOf.call(this.childNodes, other);
  },
  setChildrenInPlace(children: Node[]) {
    while (this.firstChild !== null) this.removeChild(this.firstChild);
    for (const child of children) this.appendChild(child);
  },
  instanceOf<T>(type: { new (): T }): this is T {
    return this instanceof type;
  },
  createEl<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    o?: DomElementInfo | string,
    callback?: (el: HTMLElementTagNameMap[K]) => void,
  ) {
    return created(this, documentOf(this).createElement(tag), o, callback);
  },
  createDiv(o?: DomElementInfo | string, callback?: (el: HTMLDivElement) => void) {
    return created(this, documentOf(this).createElement('div'), o, callback);
  },
  createSpan(o?: DomElementInfo | string, callback?: (el: HTMLSpanElement) => void) {
    return created(this, documentOf(this).createElement('span'), o, callback);
  },
  createSvg<K extends keyof SVGElementTagNameMap>(
    tag: K,
    o?: SvgElementInfo | string,
    callback?: (el: SVGElementTagNameMap[K]) => void,
  ) {
    return created(
      this,
      documentOf(this).createElementNS('http://www.w3.org/2000/svg', tag),
      o,
      callback,
    );
  },
};

const elementHelpers: Pick<Element, ElementHelper> & ThisType<Element> = {
  getText() {
    return this.textContent ?? '';
  },
  setText(val: string | DocumentFragment) {
    if (typeof val === 'string') this.textContent = val;
    else this.replaceChildren(val);
  },
  addClass(...classes: string[]) {
    this.classList.add(...classes);
  },
  addClasses(classes: string[]) {
    this.classList.add(...classes);
  },
  removeClass(...classes: string[]) {
    this.classList.remove(...classes);
  },
  removeClasses(classes: string[]) {
    this.classList.remove(...classes);
  },
  toggleClass(classes: string | string[], value: boolean) {
    for (const cls of Array.isArray(classes) ? classes : [classes])
      this.classList.toggle(cls, value);
  },
  hasClass(cls: string) {
    return this.classList.contains(cls);
  },
  setAttr(qualifiedName: string, value: string | number | boolean | null) {
    if (value === null) this.removeAttribute(qualifiedName);
    else this.setAttribute(qualifiedName, String(value));
  },
  setAttrs(obj: Record<string, string | number | boolean | null>) {
    for (const [name, value] of Object.entries(obj)) this.setAttr(name, value);
  },
  getAttr(qualifiedName: string) {
    return this.getAttribute(qualifiedName);
  },
  matchParent(selector: string, lastParent?: Element) {
    if (this.matches(selector)) return this;
    const parent = this.parentElement;
    return parent === null || parent === lastParent
      ? null
      : parent.matchParent(selector, lastParent);
  },
  find(selector: string) {
    return this.querySelector(selector);
  },
  findAll(selector: string) {
    return [...this.querySelectorAll<HTMLElement>(selector)];
  },
  findAllSelf(selector: string) {
    const all = [...this.querySelectorAll<HTMLElement>(selector)];
    return this.matches(selector) ? [this as HTMLElement, ...all] : all;
  },
};

const htmlElementHelpers: Pick<HTMLElement, HtmlElementHelper> & ThisType<HTMLElement> = {
  show() {
    this.style.display = '';
  },
  hide() {
    this.style.display = 'none';
  },
  toggle(show: boolean) {
    this.style.display = show ? '' : 'none';
  },
  toggleVisibility(visible: boolean) {
    this.style.visibility = visible ? '' : 'hidden';
  },
  isShown() {
    if (this.style.display === 'none' || !this.isConnected) return false;
    return this.parentElement === null || this.parentElement.isShown();
  },
  setCssStyles(styles: Partial<CSSStyleDeclaration>) {
    Object.assign(this.style, styles);
  },
  setCssProps(props: Record<string, string>) {
    for (const [name, value] of Object.entries(props)) this.style.setProperty(name, value);
  },
  onClickEvent(
    listener: (this: HTMLElement, ev: MouseEvent) => unknown,
    options?: boolean | AddEventListenerOptions,
  ) {
    this.addEventListener('click', listener, options);
  },
  trigger(eventType: string) {
    const view = this.ownerDocument.defaultView as unknown as { Event: typeof Event };
    this.dispatchEvent(new view.Event(eventType));
  },
};

const installedOn = new WeakSet<object>();

/** Puts Obsidian's helpers on a window's DOM prototypes (happy-dom's, or a real browser's), once. */
export function installDomHelpers(window: DomWindow): void {
  if (installedOn.has(window.Node.prototype)) return;
  installedOn.add(window.Node.prototype);
  const define = (prototype: object, helpers: object) => {
    for (const [name, value] of Object.entries(helpers) as [string, unknown][]) {
      Object.defineProperty(prototype, name, { value, writable: true, configurable: true });
    }
  };
  define(window.Node.prototype, nodeHelpers);
  define(window.DocumentFragment.prototype, {
    find: elementHelpers.find,
    findAll: elementHelpers.findAll,
  });
  define(window.Element.prototype, elementHelpers);
  define(window.HTMLElement.prototype, htmlElementHelpers);
  define(window.SVGElement.prototype, {
    setCssStyles: htmlElementHelpers.setCssStyles,
    setCssProps: htmlElementHelpers.setCssProps,
  });
  Object.defineProperty(window.Node.prototype, 'doc', {
    get(this: Node) {
      return documentOf(this);
    },
    configurable: true,
  });
  Object.defineProperty(window.Node.prototype, 'win', {
    get(this: Node) {
      return documentOf(this).defaultView;
    },
    configurable: true,
  });
}

/** Obsidian's global DOM functions (createEl, createDiv, ...), bound to one document. */
export function domGlobals(document: Document): Record<string, unknown> {
  const body = document.body;
  /** Made under <body> for the helpers' sake, then detached unless `o.parent` placed it. */
  const detached = <T extends HTMLElement>(o: DomElementInfo | string | undefined, el: T): T => {
    if (typeof o !== 'object' || o.parent === undefined) el.detach();
    return el;
  };
  return {
    activeDocument: document,
    activeWindow: document.defaultView,
    createEl: (
      tag: keyof HTMLElementTagNameMap,
      o?: DomElementInfo | string,
      cb?: (el: HTMLElement) => void,
    ) => detached(o, body.createEl(tag, o, cb)),
    createDiv: (o?: DomElementInfo | string, cb?: (el: HTMLDivElement) => void) =>
      detached(o, body.createDiv(o, cb)),
    createSpan: (o?: DomElementInfo | string, cb?: (el: HTMLSpanElement) => void) =>
      detached(o, body.createSpan(o, cb)),
    createFragment: (callback?: (el: DocumentFragment) => void) => {
      const el = document.createDocumentFragment();
      callback?.(el);
      return el;
    },
    sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  };
}
