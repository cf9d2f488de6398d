import type { Db } from '../db/client';
import type { WordAnalysis } from './query';

/** Typo correction looks only at letter words of this length or more: shorter ones have too many neighbours. */
const CORRECTION_MIN_LENGTH = 4;
const CORRECTIONS_PER_WORD = 3;

type Row = { word: string; lexemes: string[]; corrections: { term: string; lexemes: string[] }[] | null };

/**
 * One round trip: the english lexemes of each query word (stemming happens in the database, as
 * for documents), and for a word that neither is nor begins any word of the catalog vocabulary
 * (SearchTerm), the most similar vocabulary words by trigram similarity (pg_trgm `%`, threshold 0.3).
 * A word the catalog knows is never corrected, so correction costs one index probe per word.
 */
export async function analyzeWords(db: Db, words: string[]): Promise<WordAnalysis[]> {
  if (words.length === 0) return [];
  const rows = await db.$queryRawUnsafe<Row[]>(
    `SELECT w.word,
            ARRAY(SELECT x.lexeme FROM unnest(to_tsvector('english'::regconfig, w.word)) AS x) AS lexemes,
            CASE WHEN w.word ~ $2 AND NOT EXISTS (SELECT 1 FROM "SearchTerm" t WHERE t.term LIKE w.word || '%') THEN (
              SELECT json_agg(json_build_object('term', c.term,
                       'lexemes', ARRAY(SELECT x.lexeme FROM unnest(to_tsvector('english'::regconfig, c.term)) AS x))
                     ORDER BY c.rank)
              FROM (SELECT t.term, row_number() OVER (ORDER BY similarity(t.term, w.word) DESC, t.term) AS rank
                    FROM "SearchTerm" t WHERE t.term % w.word
                    ORDER BY similarity(t.term, w.word) DESC, t.term LIMIT $3) c
            ) END AS corrections
     FROM unnest($1::text[]) WITH ORDINALITY AS w(word, n)
     ORDER BY w.n`,
    words,
    `^[a-z]{${CORRECTION_MIN_LENGTH},}$`,
    CORRECTIONS_PER_WORD,
  );
  return rows.map((r) => ({ word: r.word, lexemes: r.lexemes, corrections: r.corrections ?? [] }));
}
