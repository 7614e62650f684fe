/**
 * The stand-in while no embedding model can run (the native model not downloaded yet): an index
 * built with it has every note's chunks and their BM25 postings but no vectors, kept in memory
 * only, so search_vault_smart still answers, ranked by keywords, and says why.
 */
import type { EmbeddingProvider } from './embedding-provider.ts';

export const KEYWORD_ONLY_ID = 'lexical:bm25';

export function keywordOnlyProvider(): EmbeddingProvider {
  return {
    id: KEYWORD_ONLY_ID,
    dimensions: 0,
    batchSize: 1024,
    embed: async (texts) => texts.map(() => new Float32Array(0)),
  };
}
