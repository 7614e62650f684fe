/**
 * The running server as the settings tab, the status bar and the palette commands see it:
 * start, restart (a saved port applies only to a new listener) and stop, one at a time, with its
 * state and a change signal. The settings store stays open across restarts, so the tab's
 * listeners survive them; each start composes a fresh connector over it.
 */
import { Mutex } from '@mcp-connector/shared';
import type { RunningConnector } from '../../../connector.ts';
import type { SettingsStore } from '../../settings/index.ts';
import type { ServerState } from './settings-api.ts';

export interface ServerStatus {
  state: ServerState;
  url: string | null;
  port: number | null;
  startedAt: Date | null;
  error: string | null;
}

/** 'state': started, stopped or failed; 'progress': the semantic index moved on. */
export type ServerChange = 'state' | 'progress';

/** Starts a connector; `signal` aborts when the plugin stops while the start is under way. */
export type StartServer = (
  settings: SettingsStore,
  signal: AbortSignal,
) => Promise<RunningConnector>;

export class ServerLifecycle {
  private connector: RunningConnector | null = null;
  private current: ServerStatus = idle('stopped');
  private readonly queue = new Mutex();
  private readonly listeners = new Set<(change: ServerChange) => void>();
  private closed = false;
  /** Stops the start under way, if any, when the plugin unloads. */
  private readonly unloading = new AbortController();

  constructor(
    readonly settings: SettingsStore,
    private readonly startServer: StartServer,
  ) {}

  get running(): RunningConnector | null {
    return this.connector;
  }

  status(): ServerStatus {
    return this.current;
  }

  /** Resolves once the server serves or has failed (see status().error); never rejects. */
  start(): Promise<ServerStatus> {
    return this.queue.run(() => this.open());
  }

  restart(): Promise<ServerStatus> {
    return this.queue.run(async () => {
      await this.shut();
      return this.open();
    });
  }

  /** Stops for good (plugin unload): a start still under way closes its server when it lands. */
  stop(): Promise<void> {
    this.closed = true;
    this.unloading.abort();
    return this.queue.run(() => this.shut());
  }

  onChange(listener: (change: ServerChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The semantic index reported progress (its status is read from `running.semantic`). */
  indexProgressed(): void {
    this.emit('progress');
  }

  private async open(): Promise<ServerStatus> {
    if (this.closed) return this.current;
    this.set(idle('starting'));
    try {
      const connector = await this.startServer(this.settings, this.unloading.signal);
      this.connector = connector;
      const { url, port } = connector;
      this.set({ state: 'serving', url, port, startedAt: new Date(), error: null });
    } catch (error) {
      if (this.closed) return this.current; // stopped half way by stop(): nothing failed
      this.set({
        ...idle('failed'),
        error: error instanceof Error ? error.message : String(error),
      });
    }
    return this.current;
  }

  private async shut(): Promise<void> {
    const connector = this.connector;
    this.connector = null;
    if (connector !== null) await connector.close();
    this.set(idle('stopped'));
  }

  private set(status: ServerStatus): void {
    this.current = status;
    this.emit('state');
  }

  private emit(change: ServerChange): void {
    for (const listener of this.listeners) listener(change);
  }
}

function idle(state: ServerState): ServerStatus {
  return { state, url: null, port: null, startedAt: null, error: null };
}
