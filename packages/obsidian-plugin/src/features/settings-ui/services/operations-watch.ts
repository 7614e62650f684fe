/**
 * Long agent work as the status bar shows it: the running server's calls that have run a while
 * (features/long-work), followed across restarts, and a way to stop them. The status bar shows
 * the oldest one and how far it is; a click or the palette's "Stop the running AI operations"
 * stops them, and the change journal puts back what they changed.
 */
import type { OperationView, Operations } from '../../long-work/index.ts';
import type { ServerLifecycle } from './server-lifecycle.ts';

export class OperationsWatch {
  private followed: Operations | null = null;
  private unfollow: () => void = () => undefined;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly server: ServerLifecycle,
    private readonly onChange: () => void,
  ) {
    this.follow();
    this.unsubscribe = server.onChange((change) => {
      if (change === 'state') this.follow();
    });
  }

  /** The long calls running now, oldest first. */
  shown(): OperationView[] {
    return this.followed?.shown() ?? [];
  }

  /** Stops every long call running now; the ones it stopped. */
  stopAll(): OperationView[] {
    const stopped = this.shown().filter((view) => !view.stopping);
    for (const view of stopped) this.followed?.stop(view.id);
    return stopped;
  }

  close(): void {
    this.unsubscribe();
    this.unfollow();
  }

  private follow(): void {
    const operations = this.server.running?.operations ?? null;
    if (operations === this.followed) return;
    this.unfollow();
    this.followed = operations;
    this.unfollow = operations?.onChange(this.onChange) ?? (() => undefined);
    this.onChange();
  }
}
