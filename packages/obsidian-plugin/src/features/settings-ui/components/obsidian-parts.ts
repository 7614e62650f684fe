/**
 * Places an element of one of Obsidian's components (a Setting's settingEl, a toggle's
 * toggleEl) in a node a Svelte component owns. A function of its own because, in a .svelte
 * file, typescript-eslint's unbound-method rule crashes on these members passed as values.
 */
export function appendPart<K extends string>(
  node: HTMLElement,
  component: Record<K, HTMLElement>,
  key: K,
): void {
  node.appendChild(component[key]);
}
