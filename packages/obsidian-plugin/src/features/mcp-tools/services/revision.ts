/** The revision every tool reports and checks; defined once in shared, where hosts use it too. */
export { revisionOf } from '@mcp-connector/shared';
