/**
 * The doctor: checks what a working setup needs and explains each problem with its fix: the
 * vault and config folders, data.json (naming invalid slices), tokens, the port and who holds
 * it, whether this vault's server answers and on which protocol lines, the clients' config files,
 * the semantic model, the hidden folders. The headless `doctor` command and the plugin's
 * "Check the setup (doctor)" command run it with their own DoctorEnvironment.
 */
export { runDoctor } from './services/doctor.ts';
export type { DoctorAdvice, DoctorEnvironment, ModelPresence } from './services/environment.ts';
export {
  formatReport,
  isProblem,
  type CheckStatus,
  type DoctorCheck,
  type DoctorReport,
} from './services/report.ts';
