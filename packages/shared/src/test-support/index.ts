export { loadCapturedNotes, type CapturedNote } from './captured-notes.ts';
export { rejectionOf } from './rejection.ts';
export { runProcess, type ProcessResult } from './run-process.ts';
export { seededRandom } from './seeded-random.ts';
export { waitFor, waitForValue } from './wait-for.ts';
export { CAPTURED_FIXTURES, SHARED, TASKS_DEMO, TEST_VAULT } from './shared-data.ts';
export {
  CAPTURED_METADATA,
  TASKS_DEMO_VAULT,
  describeWithSharedData,
  missingSharedData,
  onCi,
  type SharedData,
} from './shared-data-suite.ts';
export { buildVault, type TempVault } from './built-vault.ts';
export { snapshotVault } from './vault-snapshot.ts';
export { firstTokenSecret } from './first-token-secret.ts';
