/**
 * Evaluates a built plugin (the CommonJS main.js) the way Obsidian does: one function over the
 * bundle's text, given a `require` that answers `obsidian` with the simulated module and
 * anything else with Node's own, inside a browser window whose names (document, HTMLElement,
 * ...) are in scope. The window's names are parameters of that function, so this process's
 * globals are never touched.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { runInThisContext } from 'node:vm';
import type { SimDom } from './obsidian/dom.ts';
import { domGlobals } from './obsidian/dom.ts';

/** Window members a page script reaches as globals, beyond this runtime's own globals. */
const WINDOW_FUNCTIONS = [
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'matchMedia',
];
const WINDOW_OBJECTS = [
  'window',
  'document',
  'navigator',
  'customElements',
  'localStorage',
  'sessionStorage',
  'location',
  'history',
];
/** happy-dom classes whose names mean something else to a bundle (none is a DOM global). */
const NOT_GLOBALS = new Set(['Plugin', 'PluginArray', 'GLOBAL', 'Window']);

export interface EvaluatedMainJs {
  exports: Record<string, unknown>;
  /** Milliseconds spent reading, compiling and running the bundle's top level. */
  evaluateMs: number;
  /**
   * CPU milliseconds of this thread compiling and running the top level: the work itself, which
   * (unlike evaluateMs) does not grow while the process waits for a busy core.
   */
  evaluateCpuMs: number;
}

export async function evaluateMainJs(
  mainJs: string,
  obsidian: unknown,
  dom: SimDom,
): Promise<EvaluatedMainJs> {
  const started = performance.now();
  const code = await readFile(mainJs, 'utf8');
  const cpuStarted = threadCpuUsage();
  const scope = windowScope(dom);
  const names = Object.keys(scope);
  const wrapper = runInThisContext(
    `(function (require, module, exports, ${names.join(', ')}) {${code}\n})`,
    {
      filename: mainJs,
    },
  ) as (...args: unknown[]) => void;
  const nodeRequire = createRequire(mainJs);
  const require = (id: string): unknown => (id === 'obsidian' ? obsidian : nodeRequire(id));
  const module = { exports: {} as Record<string, unknown> };
  wrapper(require, module, module.exports, ...names.map((name) => scope[name]));
  const cpu = threadCpuUsage(cpuStarted);
  return {
    exports: module.exports,
    evaluateMs: performance.now() - started,
    evaluateCpuMs: (cpu.user + cpu.system) / 1000,
  };
}

/** This thread's CPU time (Bun has process.threadCpuUsage; Node's types know it from 23.9). */
function threadCpuUsage(previous?: NodeJS.CpuUsage): NodeJS.CpuUsage {
  const withThreads = process as { threadCpuUsage?: (since?: NodeJS.CpuUsage) => NodeJS.CpuUsage };
  if (withThreads.threadCpuUsage === undefined)
    throw new Error('The simulated Obsidian runs on Bun.');
  return withThreads.threadCpuUsage(previous);
}

function windowScope(dom: SimDom): Record<string, unknown> {
  const window = dom.window as unknown as Record<string, unknown>;
  const scope: Record<string, unknown> = {};
  for (const name of classNames(window)) scope[name] = window[name];
  for (const name of WINDOW_OBJECTS) scope[name] = window[name];
  for (const name of WINDOW_FUNCTIONS) {
    const value = window[name];
    if (typeof value === 'function')
      scope[name] = (value as (...args: unknown[]) => unknown).bind(window);
  }
  return { ...scope, ...domGlobals(dom.document) };
}

/** The window's constructors (HTMLElement, Node, MutationObserver, ...) this runtime lacks. */
function classNames(window: Record<string, unknown>): string[] {
  const names = new Set<string>();
  for (
    let object: object | null = window;
    object !== null && object !== Object.prototype;
    object = Object.getPrototypeOf(object) as object | null
  ) {
    for (const name of Object.getOwnPropertyNames(object)) names.add(name);
  }
  return [...names].filter(
    (name) =>
      /^[A-Z][A-Za-z0-9]*$/.test(name) &&
      !(name in globalThis) &&
      !NOT_GLOBALS.has(name) &&
      typeof window[name] === 'function',
  );
}
