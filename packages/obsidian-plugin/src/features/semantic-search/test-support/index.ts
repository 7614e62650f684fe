/** What tests elsewhere (headless, scripts) use of this feature's test support. */
export {
  TINY_MODELS,
  TINY_MODEL_ID,
  tinyModelFiles,
  tinyFirstUseSpec,
  tinyModelSpec,
  refuseDownloads,
  startTinyHub,
  webRuntimeDist,
} from './tiny-model.ts';
export { startFakeHub, type FakeHub, type HubRequest } from './fake-hub.ts';
