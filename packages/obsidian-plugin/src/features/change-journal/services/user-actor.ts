import type { ChangeActor } from './change-record.ts';

/**
 * The user acting in Obsidian (the Recent AI changes view, the Undo notice). Its own module: the
 * view loads with main.js, and change-record.ts would bring ArkType with it (ADR-0022).
 */
export const USER_ACTOR: ChangeActor = { tokenId: null, label: 'You, in Obsidian' };
