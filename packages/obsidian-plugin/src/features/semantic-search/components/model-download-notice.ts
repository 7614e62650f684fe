/**
 * Obsidian's side of the consent to download the native model: a Notice with a Download button
 * (shown at the first search that had to rank by keywords), and while a download runs, one
 * Notice that follows its progress (bytes, %, rate, ETA) and says how it ended. Nothing is
 * fetched unless the user clicks, or runs the command that main.ts registers.
 */
import { Notice } from 'obsidian';
import type { InstallStatus, ModelInstaller } from '../model-files/model-installer.ts';
import type { NativeModelSpec } from '../providers/native-models.ts';
import { installLine } from '../services/progress-lines.ts';

/** A Notice that stays until dismissed, with the reason and a Download button. */
export function offerModelDownload(message: string, download: () => void): void {
  let button: HTMLButtonElement | null = null;
  const fragment = createFragment((content) => {
    content.createDiv({ text: message });
    button = content.createEl('button', { text: 'Download model' });
  });
  const notice = new Notice(fragment, 0);
  (button as HTMLButtonElement | null)?.addEventListener('click', () => {
    notice.hide();
    download();
  });
}

/** Downloads `model` (the user asked), showing its progress in one Notice until it ends. */
export async function downloadWithProgress(
  models: ModelInstaller,
  model: NativeModelSpec,
): Promise<InstallStatus> {
  const notice = new Notice(installLine(models.status(model)), 0);
  const stop = models.onChange((status) => {
    if (status.modelId === model.modelId) notice.setMessage(installLine(status));
  });
  try {
    const status = await models.download(model);
    notice.setMessage(installLine(status));
    return status;
  } finally {
    stop();
    window.setTimeout(() => notice.hide(), 8000);
  }
}
