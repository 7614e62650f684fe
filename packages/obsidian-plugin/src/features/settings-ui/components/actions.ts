/** Svelte actions the tab's components share. */

/** Focuses the element once it is in the document (a modal's main button). */
export function focusOnMount(node: HTMLElement): void {
  queueMicrotask(() => node.focus());
}
