// tsc reads .svelte imports through this declaration; svelte-check types them from the files.
declare module '*.svelte' {
  import type { Component } from 'svelte';
  const component: Component<Record<string, unknown>, Record<string, unknown>>;
  export default component;
}
