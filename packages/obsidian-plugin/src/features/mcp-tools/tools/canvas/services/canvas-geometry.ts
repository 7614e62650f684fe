/**
 * Where things go on a canvas. A node without a position goes where it overlaps nothing, with a
 * 40 px margin: right of the most recently added node, or below it, trying the nodes from the
 * last in the file back to the first (the rightmost node's right is always free, so one fits).
 * So the same canvas always gives the same place, near the content an agent was just adding to;
 * an empty canvas starts at the origin. An edge without sides gets the
 * sides that face each other.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Side = 'top' | 'right' | 'bottom' | 'left';

export const NODE_GAP = 40;

export function freePosition(
  nodes: readonly Rect[],
  size: { width: number; height: number },
): { x: number; y: number } {
  for (const node of [...nodes].reverse()) {
    const right = { x: Math.ceil(node.x + node.width + NODE_GAP), y: Math.round(node.y) };
    const below = { x: Math.round(node.x), y: Math.ceil(node.y + node.height + NODE_GAP) };
    for (const spot of [right, below]) {
      if (!nodes.some((other) => overlaps({ ...spot, ...size }, other))) return spot;
    }
  }
  // Only an empty canvas gets here: the right of the rightmost node is always free.
  return { x: 0, y: 0 };
}

/** Whether two rectangles come closer than the gap. */
export function overlaps(a: Rect, b: Rect): boolean {
  return (
    a.x < b.x + b.width + NODE_GAP &&
    b.x < a.x + a.width + NODE_GAP &&
    a.y < b.y + b.height + NODE_GAP &&
    b.y < a.y + a.height + NODE_GAP
  );
}

/** The sides of `from` and `to` that face each other, along the axis they are furthest apart on. */
export function facingSides(from: Rect, to: Rect): { fromSide: Side; toSide: Side } {
  const dx = to.x + to.width / 2 - (from.x + from.width / 2);
  const dy = to.y + to.height / 2 - (from.y + from.height / 2);
  if (Math.abs(dx) >= Math.abs(dy)) {
    return dx >= 0 ? { fromSide: 'right', toSide: 'left' } : { fromSide: 'left', toSide: 'right' };
  }
  return dy >= 0 ? { fromSide: 'bottom', toSide: 'top' } : { fromSide: 'top', toSide: 'bottom' };
}
