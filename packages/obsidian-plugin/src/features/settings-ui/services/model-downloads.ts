/**
 * The settings tab's side of the built-in model's install: which model the settings name, its
 * folder looked at once per model, and whether an install's news shows at once or coalesced.
 */
import type { SemanticSettings } from '@mcp-connector/shared';
import {
  NATIVE_MODELS,
  nativeModelOf,
  type InstallState,
  type InstallStatus,
  type ModelInstaller,
  type NativeModelSpec,
  type ProviderEnvironment,
} from '../../semantic-search/index.ts';
import type { ModelInstallView, NativeModelOption } from './settings-api.ts';
import { modelInstallView } from './views.ts';

/** The built-in model's installer: the same one the connector loads from and the Notice drives. */
export interface ModelDownloads {
  installer: ModelInstaller;
  /** The models folder as the user finds it (this device's models folder, ADR-0033). */
  folder: string;
  /** The native models by settings name, as the connector has them (tests: the tiny model). */
  nativeModels?: ProviderEnvironment['nativeModels'];
}

/** How soon the tab shows an install's change: a new step at once, bytes coalesced. */
export type ModelNews = 'now' | 'soon';

export class ModelDownloadState {
  /** The model whose folder was last looked at, and the install's last step told at once. */
  private refreshedModel: string | null = null;
  private lastStep: string | null = null;

  constructor(private readonly models: ModelDownloads | null) {}

  async download(semantic: SemanticSettings): Promise<void> {
    const { installer } = this.required();
    const model = this.modelOf(semantic);
    const status = installer.status(model);
    if (status.state === 'unavailable') throw new Error(status.error ?? 'unavailable');
    await installer.download(model);
  }

  cancel(semantic: SemanticSettings): void {
    this.required().installer.cancel(this.modelOf(semantic));
  }

  /**
   * Looks at the models folder for the model the settings name, once per model; the first time
   * for every model too, so the menu can say which are installed.
   */
  refresh(semantic: SemanticSettings): void {
    const model = this.modelOf(semantic);
    if (this.models === null || model.modelId === this.refreshedModel) return;
    const { installer } = this.models;
    if (this.refreshedModel === null)
      for (const other of Object.values(this.catalog()))
        installer.refresh(other).catch(() => undefined);
    else installer.refresh(model).catch(() => undefined);
    this.refreshedModel = model.modelId;
  }

  /** The Model menu: every model the built-in provider runs, with its install state here. */
  menu(): NativeModelOption[] {
    return Object.entries(this.catalog()).map(([name, model]) => {
      const state = this.models?.installer.status(model).state ?? null;
      return {
        name: name as SemanticSettings['nativeModel'],
        label: state === null ? model.label : `${model.label}: ${STATE_WORDS[state]}`,
        state,
      };
    });
  }

  onChange(listener: (news: ModelNews) => void): () => void {
    if (this.models === null) return () => undefined;
    return this.models.installer.onChange((status) => listener(this.newsOf(status)));
  }

  view(semantic: SemanticSettings): ModelInstallView | null {
    if (this.models === null) return null;
    return modelInstallView(this.models.installer, this.modelOf(semantic), this.models.folder);
  }

  private newsOf(status: InstallStatus): ModelNews {
    const step = [status.modelId, status.state, status.file, status.refused.length].join(' ');
    if (step === this.lastStep) return 'soon';
    this.lastStep = step;
    return 'now';
  }

  private required(): ModelDownloads {
    if (this.models === null) throw new Error('Models cannot be installed from this tab here.');
    return this.models;
  }

  private modelOf(semantic: SemanticSettings): NativeModelSpec {
    return nativeModelOf(semantic, this.models ?? {});
  }

  private catalog(): NonNullable<ModelDownloads['nativeModels']> {
    return this.models?.nativeModels ?? NATIVE_MODELS;
  }
}

const STATE_WORDS: Readonly<Record<InstallState, string>> = {
  installed: 'installed',
  not_installed: 'not installed',
  downloading: 'downloading',
  verifying: 'checking the files',
  failed: 'download failed',
  unavailable: 'cannot be installed here',
};
