/**
 * The zip writer the .mcpb uses: fflate, the library @anthropic-ai/mcpb itself packs and unpacks
 * bundles with. Its two functions are typed here once: typescript-eslint's project service does
 * not resolve fflate's conditional `exports` types (tsc does, and checks these signatures).
 */
import { strToU8, zipSync } from 'fflate';

export const zipFiles: (files: Record<string, Uint8Array>) => Uint8Array = zipSync;

export const utf8Bytes: (text: string) => Uint8Array = strToU8;
