/**
 * Dataview as tests need it, without Dataview: builders for each state the host can report
 * (not installed, indexing, answering, throwing), a host double that reports one of them, and
 * values built the way Dataview builds them (class instances with methods and extra members,
 * Luxon-like dates and durations), so the converter is tested on realistic shapes.
 */
import type {
  DataviewAccess,
  DataviewQueryResult,
  VaultHost,
} from '../../../../../host/vault-host.ts';
import { overrideHost } from '../../../../../host/test-support/host-double.ts';

export interface DataviewCall {
  source: string;
  originFile: string | undefined;
}

export const dataview = {
  notInstalled: (): DataviewAccess => ({ status: 'not_installed' }),
  notReady: (): DataviewAccess => ({ status: 'not_ready' }),
  /** Answers every query with `answer`, recording each call in `calls`. */
  answering(answer: DataviewQueryResult, calls: DataviewCall[] = []): DataviewAccess {
    return {
      status: 'ready',
      query: async (source, originFile) => {
        calls.push({ source, originFile });
        return answer;
      },
    };
  },
  succeeding: (value: unknown, calls?: DataviewCall[]): DataviewAccess =>
    dataview.answering({ successful: true, value }, calls),
  failing: (error: string): DataviewAccess => dataview.answering({ successful: false, error }),
  throwing: (message: string): DataviewAccess => ({
    status: 'ready',
    query: async () => {
      throw new Error(message);
    },
  }),
};

export function hostWithDataview(host: VaultHost, access: DataviewAccess): VaultHost {
  return overrideHost(host, { dataview: () => access });
}

/** Like Dataview's Link: a class instance whose optional members may be present but undefined. */
export class FakeLink {
  path = '';
  display?: string | undefined;
  subpath?: string | undefined;
  embed = false;
  type: 'file' | 'header' | 'block' = 'file';

  constructor(fields: Partial<FakeLink> & { path: string }) {
    Object.assign(this, { display: undefined, subpath: undefined }, fields);
  }

  markdown(): string {
    return `[[${this.path}]]`;
  }
}

/** Like Luxon's DateTime: only `toISO()` matters to the converter. */
export function fakeDateTime(iso: string | null) {
  return { isLuxonDateTime: true, toISO: () => iso, toMillis: () => Date.parse(iso ?? '') };
}

export function fakeDuration(iso: string) {
  return { isLuxonDuration: true, toISO: () => iso, as: () => 0 };
}

/** Like Dataview's ListPairWidget (`LIST expression` with the ID shown). */
export class FakeListPair {
  readonly $widget = 'dataview:list-pair';
  constructor(
    readonly key: unknown,
    readonly value: unknown,
  ) {}
  markdown(): string {
    return `${String(this.key)}: ${String(this.value)}`;
  }
}

/** Like Dataview's DataArray: a wrapper with `values` and array-like methods. */
export function fakeDataArray(values: unknown[]) {
  return { values, length: values.length, array: () => [...values], map: () => null };
}
