export { loadCapturedNotes, type CapturedNote } from './captured-notes.ts';
export { rejectionOf } from './rejection.ts';
export { CAPTURED_FIXTURES, SHARED, TASKS_DEMO } from './shared-data.ts';
export { buildVault, type TempVault } from './built-vault.ts';
export { snapshotVault } from './vault-snapshot.ts';
