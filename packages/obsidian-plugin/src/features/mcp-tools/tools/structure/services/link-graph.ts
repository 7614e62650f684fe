/**
 * The resolved link graph as the link-graph tools walk it: each file's outgoing and incoming
 * neighbours (from `resolvedLinks`, so unresolved links and self-links are no edges), and a
 * breadth-first walk over it in a fixed order (neighbours by path, code-unit order), so that
 * the same vault always gives the same distances and the same shortest path.
 * Cost: one pass over the link counts to build; the walk touches each reached edge once.
 */
import type { LinkCounts } from '../../../../../host/vault-host.ts';
import { byCodeUnits } from '../../../../../host/vault-path.ts';

/** Which links a walk follows: a file's own links, the links to it, or both. */
export type Direction = 'out' | 'in' | 'both';

/** The `direction` argument of the link-graph tools. */
export const directionArgument = "'out' | 'in' | 'both'" as const;

/** How a step goes from one file to the next: along its link, against one, or both ways. */
export type StepDirection = 'out' | 'in' | 'both';

export interface Step {
  path: string;
  direction: StepDirection;
}

export interface Reached {
  path: string;
  distance: number;
  /** The file it was reached from (the start for distance 1). */
  via: string;
  /** How `via` and it are linked. */
  direction: StepDirection;
}

export interface Walk {
  reached: Reached[];
  /** Some file lies beyond the depth walked (false: everything reachable was reached). */
  beyond: boolean;
}

export class LinkGraph {
  private readonly outgoing = new Map<string, string[]>();
  private readonly incoming = new Map<string, string[]>();

  constructor(private readonly links: LinkCounts) {
    for (const [source, targets] of Object.entries(links)) {
      for (const [target, count] of Object.entries(targets)) {
        if (count <= 0 || target === source) continue;
        append(this.outgoing, source, target);
        append(this.incoming, target, source);
      }
    }
    for (const list of [...this.outgoing.values(), ...this.incoming.values()])
      list.sort(byCodeUnits);
  }

  /** How many resolved links `source` has to `target`. */
  count(source: string, target: string): number {
    const targets = this.links[source];
    return targets !== undefined && Object.hasOwn(targets, target) ? (targets[target] ?? 0) : 0;
  }

  /** The files one link away in `direction`, by path, each with how it is linked. */
  neighbours(path: string, direction: Direction): Step[] {
    const out = direction === 'in' ? [] : (this.outgoing.get(path) ?? []);
    const into = direction === 'out' ? [] : (this.incoming.get(path) ?? []);
    const steps = new Map<string, StepDirection>();
    for (const next of out) steps.set(next, 'out');
    for (const next of into) steps.set(next, steps.has(next) ? 'both' : 'in');
    return [...steps]
      .map(([next, how]) => ({ path: next, direction: how }))
      .sort((a, b) => byCodeUnits(a.path, b.path));
  }

  /**
   * Every file within `maxDepth` links of `start` (the start excluded), nearest first, each with
   * the file it was first reached from; `beyond` tells whether any file lies further out.
   * `stopAt` ends the walk as soon as that file is reached.
   */
  walk(start: string, direction: Direction, maxDepth: number, stopAt?: string): Walk {
    const reached: Reached[] = [];
    const seen = new Set([start]);
    let frontier = [start];
    for (let distance = 1; distance <= maxDepth && frontier.length > 0; distance++) {
      const next: string[] = [];
      for (const from of frontier) {
        for (const step of this.neighbours(from, direction)) {
          if (seen.has(step.path)) continue;
          seen.add(step.path);
          reached.push({ path: step.path, distance, via: from, direction: step.direction });
          if (step.path === stopAt) return { reached, beyond: false };
          next.push(step.path);
        }
      }
      frontier = next;
    }
    const beyond = frontier.some((from) =>
      this.neighbours(from, direction).some((step) => !seen.has(step.path)),
    );
    return { reached, beyond };
  }
}

function append(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
