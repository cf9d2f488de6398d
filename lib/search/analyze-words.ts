import type { Db } from '../db/client';
import { direct } from '../db/direct';
import type { WordAnalysis } from './query';
import { readWordAnalyses } from './data';

/** Typo correction looks only at letter words of this length or more: shorter ones have too many neighbours. */
const CORRECTION_MIN_LENGTH = 4;
const CORRECTIONS_PER_WORD = 3;
const CACHE_MAX = 20_000;

/**
 * Analyses of words the catalog knows. They never change: a word's lexemes are fixed, and the
 * vocabulary only grows, so a known word stays known and is never corrected. Unknown words are
 * not kept, since a later product may bring them or better corrections.
 */
const known = new Map<string, WordAnalysis>();

/**
 * The english lexemes of each query word (stemming happens in the database, as for documents),
 * and for a word that neither is nor begins any word of the catalog vocabulary (SearchTerm), the
 * most similar vocabulary words by trigram similarity (pg_trgm `%`, threshold 0.3). Words seen
 * before as known cost nothing; the others cost one round trip together.
 */
export async function analyzeWords(db: Db, words: string[]): Promise<WordAnalysis[]> {
  const missing = words.filter((w) => !known.has(w));
  const fetched = new Map<string, WordAnalysis>();
  if (missing.length > 0) {
    const rows = await readWordAnalyses(direct(db), missing, `^[a-z]{${CORRECTION_MIN_LENGTH},}$`, CORRECTIONS_PER_WORD);
    for (const r of rows) {
      const analysis = { word: r.word, lexemes: r.lexemes, corrections: r.corrections };
      fetched.set(r.word, analysis);
      if (r.known) remember(analysis);
    }
  }
  return words.map((w) => known.get(w) ?? fetched.get(w)!);
}

function remember(analysis: WordAnalysis) {
  if (known.size >= CACHE_MAX) known.delete(known.keys().next().value!);
  known.set(analysis.word, analysis);
}
