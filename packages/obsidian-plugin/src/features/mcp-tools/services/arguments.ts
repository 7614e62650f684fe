/**
 * Argument types several tools share, so each is declared (and described) once.
 */

/** A revision from an earlier read; the write happens only if the file is still at it. */
export const expectedRevisionArgument = 'string' as const;

/** Paths in one call to get_vault_files. */
export const MAX_FILES_PER_CALL = 20;
