/**
 * The Chromium test page: what Obsidian's renderer does for semantic search, with the same
 * modules main.js bundles: the installer downloads the model and the runtime (with progress)
 * when the Download button is clicked, and the native provider runs the model in a Web Worker
 * made from the very worker bundle main.js carries (fetched as text, started from a Blob URL).
 * The hub and the CDN are a loopback server; the models folder is the origin-private file system.
 */
import {
  ModelInstaller,
  installLine,
  nativeModel,
  webWorkerEmbedders,
  type NativeModelSpec,
} from '../../../packages/obsidian-plugin/src/features/semantic-search/index.ts';
import { opfsModelFolder } from './opfs-folder.ts';

interface PageConfig {
  model: NativeModelSpec;
  hub: string;
}

async function main(): Promise<void> {
  const config = (await (await fetch('/config.json')).json()) as PageConfig;
  const workerSource = await (await fetch('/embedder.js')).text();
  const { model } = config;
  const models = new ModelInstaller({
    folder: opfsModelFolder(),
    runtime: true,
    sources: { hub: config.hub, cdn: config.hub },
    fetch: (url, init) => fetch(url, init),
    // Every chunk is shown: with the usual throttle, how many steps the test sees would depend
    // on how fast loopback delivers the 26 MB runtime.
    emitEveryMs: 0,
  });
  const status = document.getElementById('status') as HTMLElement;
  const bar = document.getElementById('bar') as HTMLProgressElement;
  const progress: { state: string; percent: number; bytesDone: number }[] = [];
  models.onChange((current) => {
    progress.push({ state: current.state, percent: current.percent, bytesDone: current.bytesDone });
    status.textContent = installLine(current);
    status.dataset.state = current.state;
    bar.value = current.percent;
  });
  const shown = await models.refresh(model);
  status.textContent = installLine(shown);
  status.dataset.state = shown.state;
  const provider = nativeModel(model, webWorkerEmbedders(workerSource), models);
  (document.getElementById('download') as HTMLButtonElement).addEventListener('click', () => {
    void models.download(model);
  });
  Object.assign(window, {
    semanticTest: {
      progress,
      embed: async (texts: string[]) =>
        (await provider.embed(texts, 'document')).map((vector) => [...vector]),
      device: () => (provider as unknown as { device(): Promise<string> }).device(),
    },
  });
  document.body.dataset.ready = 'true';
}

void main();
