export { ensureDefaultToken } from './services/tokens.ts';
