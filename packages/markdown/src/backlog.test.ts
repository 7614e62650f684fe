import { describe, expect, test } from 'bun:test';
import { Backlog } from './backlog.ts';

function owing(count: number): Backlog {
  const backlog = new Backlog();
  backlog.open(Array.from({ length: count }, (_, i) => `k${i}`));
  return backlog;
}

describe('Backlog.step', () => {
  test('does up to its limit, then the rest on later steps', () => {
    const backlog = owing(5);
    const done: string[] = [];
    expect(backlog.step(2, (key) => done.push(key))).toBe(true);
    expect(done).toEqual(['k0', 'k1']);
    expect(backlog.step(10, (key) => done.push(key))).toBe(false);
    expect(done).toHaveLength(5);
    expect(backlog.isOpen).toBe(false);
  });

  test("ends once the step's time is spent, after one key at least, the rest still owed", () => {
    const backlog = owing(6);
    const done: string[] = [];
    let spent = true; // spent before the first key: that key is still done
    expect(
      backlog.step(
        250,
        (key) => done.push(key),
        () => spent,
      ),
    ).toBe(true);
    expect(done).toEqual(['k0']);
    spent = false;
    let left = 2;
    const spentAfterTwo = () => left-- <= 0;
    expect(backlog.step(250, (key) => done.push(key), spentAfterTwo)).toBe(true);
    expect(done).toEqual(['k0', 'k1', 'k2', 'k3']);
    expect(backlog.owes('k4')).toBe(true);
    expect(
      backlog.step(
        250,
        (key) => done.push(key),
        () => spent,
      ),
    ).toBe(false);
    expect(done).toHaveLength(6);
  });
});
