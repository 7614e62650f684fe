/**
 * Circles in a directed graph, one reported per knot: the graph's strongly connected components
 * (Tarjan's algorithm) that hold a circle, each shown as one shortest circle through its first
 * node, so a report names a path to cut rather than every edge of the knot.
 */

/** Each node's successors; a node missing from the map has none. */
export type Graph = ReadonlyMap<string, readonly string[]>;

export interface Circle {
  /** The circle's nodes in order; the last leads back to the first. */
  path: string[];
  /** Every node of the knot the circle is in, sorted (more than the path when circles cross). */
  knot: string[];
}

/** One circle per knot of the graph. */
export function circles(graph: Graph): Circle[] {
  return knots(graph).map((knot) => ({ path: shortestCircle(graph, knot), knot }));
}

/** The strongly connected components that hold a circle (several nodes, or a self-import). */
function knots(graph: Graph): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    order.set(node, order.size);
    low.set(node, order.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, order.get(next) as number));
      }
    }
    if (low.get(node) !== order.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node))
      found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!order.has(node)) visit(node);
  return found.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/** The shortest circle from the knot's first node back to it, staying inside the knot. */
function shortestCircle(graph: Graph, knot: readonly string[]): string[] {
  const inKnot = new Set(knot);
  const start = knot[0] as string;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let index = 0; index < queue.length; index++) {
    const node = queue[index] as string;
    for (const next of graph.get(node) ?? []) {
      if (next === start) return pathTo(node, cameFrom, start);
      if (!inKnot.has(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      queue.push(next);
    }
  }
  return [start]; // unreachable for a knot: every node of it leads back to every other
}

function pathTo(last: string, cameFrom: ReadonlyMap<string, string>, start: string): string[] {
  const path = [last];
  while (path[0] !== start) path.unshift(cameFrom.get(path[0] as string) as string);
  return path;
}
