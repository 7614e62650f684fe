/**
 * Obsidian's `Events`: named callbacks, each registration an EventRef that `offref` removes.
 * A callback that throws does not stop the others (Obsidian logs it and goes on).
 */
import type { EventRef, Events as ObsidianEvents } from 'obsidian';

type Callback = (...data: unknown[]) => unknown;

interface SimEventRef extends EventRef {
  events: Events;
  name: string;
  callback: Callback;
  ctx: unknown;
}

export class Events implements ObsidianEvents {
  private readonly handlers = new Map<string, SimEventRef[]>();

  on(name: string, callback: Callback, ctx?: unknown): EventRef {
    const ref: SimEventRef = { events: this, name, callback, ctx };
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), ref]);
    return ref;
  }

  off(name: string, callback: Callback): void {
    const remaining = (this.handlers.get(name) ?? []).filter((ref) => ref.callback !== callback);
    this.handlers.set(name, remaining);
  }

  offref(ref: EventRef): void {
    const { name } = ref as SimEventRef;
    this.handlers.set(
      name,
      (this.handlers.get(name) ?? []).filter((other) => other !== ref),
    );
  }

  trigger(name: string, ...data: unknown[]): void {
    for (const ref of this.handlers.get(name) ?? []) this.tryTrigger(ref, data);
  }

  tryTrigger(evt: EventRef, args: unknown[]): void {
    const { callback, ctx } = evt as SimEventRef;
    try {
      callback.apply(ctx, args);
    } catch (error) {
      console.error(error);
    }
  }
}

/** Whether `ref` was made by one of the sim's Events (Component.registerEvent needs its owner). */
export function eventOwner(ref: EventRef): Events | null {
  return (ref as Partial<SimEventRef>).events ?? null;
}
