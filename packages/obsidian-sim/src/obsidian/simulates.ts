/**
 * `Simulates<T, K>`: the members K of Obsidian's class T, as a sim class implements them. A
 * chainable method (one returning T, Obsidian's `this`) may return the sim's own class; every
 * other member keeps its exact obsidian.d.ts type, so the type checker holds the sim to it.
 */
export type Simulates<T, K extends keyof T> = {
  [P in K]: T[P] extends (...args: infer A) => T ? (...args: A) => unknown : T[P];
};
