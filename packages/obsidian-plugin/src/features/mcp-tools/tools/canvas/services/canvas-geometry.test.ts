import { describe, expect, test } from 'bun:test';
import { NODE_GAP, facingSides, freePosition, overlaps, type Rect } from './canvas-geometry.ts';

const rect = (x: number, y: number, width = 100, height = 50): Rect => ({ x, y, width, height });
const SIZE = { width: 100, height: 50 };

describe('freePosition', () => {
  test('an empty canvas starts at the origin', () => {
    expect(freePosition([], SIZE)).toEqual({ x: 0, y: 0 });
  });

  test('goes right of the last node when that is free', () => {
    expect(freePosition([rect(0, 0), rect(500, 300)], SIZE)).toEqual({ x: 640, y: 300 });
  });

  test('goes below the last node when its right is taken', () => {
    const nodes = [rect(140, 0), rect(0, 0)];
    expect(freePosition(nodes, SIZE)).toEqual({ x: 0, y: 90 });
  });

  test('falls back to earlier nodes when both spots of the last are taken', () => {
    // The last node (0,90) has a node on its right and one below it; the one before is free.
    const crowded = [rect(140, 90), rect(0, 180), rect(0, 90)];
    expect(freePosition(crowded, SIZE)).toEqual({ x: 140, y: 180 });
  });

  test('never overlaps, on a dense random canvas', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const nodes = Array.from({ length: 300 }, () =>
      rect(
        Math.round(random() * 2000),
        Math.round(random() * 2000),
        50 + random() * 300,
        40 + random() * 200,
      ),
    );
    for (let added = 0; added < 50; added++) {
      const spot = { ...freePosition(nodes, SIZE), ...SIZE };
      expect(nodes.some((node) => overlaps(spot, node))).toBe(false);
      nodes.push(spot);
    }
  });

  test('a node inside a group counts, and so does the group', () => {
    const group = rect(0, 0, 1000, 1000);
    const inside = rect(100, 100);
    expect(freePosition([group, inside], SIZE)).toEqual({ x: 1000 + NODE_GAP, y: 0 });
  });

  test('is the same for the same canvas, and whole pixels for fractional nodes', () => {
    const nodes = [rect(0.4, 0.6, 100.2, 50)];
    expect(freePosition(nodes, SIZE)).toEqual(freePosition(nodes, SIZE));
    expect(freePosition(nodes, SIZE)).toEqual({ x: 141, y: 1 });
  });
});

describe('facingSides', () => {
  test.each([
    [rect(300, 0), { fromSide: 'right', toSide: 'left' }],
    [rect(-300, 0), { fromSide: 'left', toSide: 'right' }],
    [rect(0, 300), { fromSide: 'bottom', toSide: 'top' }],
    [rect(50, -300), { fromSide: 'top', toSide: 'bottom' }],
  ])('picks the sides that face each other', (to, sides) => {
    expect(facingSides(rect(0, 0), to)).toEqual(sides as ReturnType<typeof facingSides>);
  });
});
