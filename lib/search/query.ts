import { fold, isCjk } from './fold';

/**
 * A shopper's query split the way product documents are indexed (migration product_search):
 * Latin words go through the english configuration, runs of CJK characters are matched as
 * phrases of overlapping bigrams.
 */
export type QueryTerms = { words: string[]; runs: string[] };

/** Version-like numbers (5.4) stay one word, as the english parser keeps them in documents. */
const WORD = /\d+(?:\.\d+)+|[a-z0-9]+/g;

/** At most this many words and runs are searched; the rest of a long query is ignored. */
export const MAX_TERMS = 12;

export function splitQuery(q: string): QueryTerms {
  const runs: string[] = [];
  let latin = '';
  let run = '';
  for (const ch of fold(q)) {
    if (isCjk(ch.codePointAt(0)!)) {
      run += ch;
      latin += ' ';
      continue;
    }
    if (run) runs.push(run);
    run = '';
    latin += ch.charCodeAt(0) < 0x80 ? ch : ' ';
  }
  if (run) runs.push(run);
  const words = latin.toLowerCase().match(WORD) ?? [];
  return { words: [...new Set(words)].slice(0, MAX_TERMS), runs: [...new Set(runs)].slice(0, MAX_TERMS) };
}

/** What the database made of one query word: its english lexemes, and lexemes of likely intended words. */
export type WordAnalysis = { word: string; lexemes: string[]; corrections: { term: string; lexemes: string[] }[] };

/**
 * tsquery texts for matching and ranking:
 * - `match` decides which products are results: every word (as a word beginning, or one of its
 *   corrections) and every CJK run must occur;
 * - `exact` is the same with whole words only; the `title*` variants count title text only.
 */
export type SearchQueries = { match: string; exact: string; titleMatch: string; titleExact: string };

type Operand = { lexeme: string; prefix: boolean };
type Group = { exact: Operand[][]; match: Operand[][]; phrase: boolean };

/** A lexeme as tsquery text: quoted, with quotes and backslashes escaped, so no input changes the query's shape. */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

function literal({ lexeme, prefix }: Operand, weight: '' | 'A'): string {
  const quoted = quoteLexeme(lexeme);
  const label = `${prefix ? '*' : ''}${weight}`;
  return label ? `${quoted}:${label}` : quoted;
}

/** A group is alternatives (OR) of conjunctions (AND), or one phrase (<->) for a CJK run. */
function render(alternatives: Operand[][], phrase: boolean, weight: '' | 'A'): string {
  const joiner = phrase ? ' <-> ' : ' & ';
  const parts = alternatives.map((ops) => (ops.length === 1 ? literal(ops[0]!, weight) : `(${ops.map((op) => literal(op, weight)).join(joiner)})`));
  return parts.length === 1 ? parts[0]! : `(${parts.join(' | ')})`;
}

export function buildQueries(terms: QueryTerms, analyses: WordAnalysis[]): SearchQueries | null {
  const groups: Group[] = [];
  for (const a of analyses) {
    if (a.lexemes.length === 0) continue; // a stop word
    // A word beginning counts for words of three or more characters with a letter: "wire" finds
    // "wireless"; "16" does not find "160".
    const prefix = a.word.length >= 3 && /[a-z]/.test(a.word);
    const whole = a.lexemes.map((lexeme) => ({ lexeme, prefix: false }));
    const begins = a.lexemes.map((lexeme) => ({ lexeme, prefix }));
    // Several corrections may stem alike (speaker, speakers): each distinct one is searched once.
    const seen = new Set([a.lexemes.join(' ')]);
    const corrected = a.corrections
      .map((c) => c.lexemes)
      .filter((lexemes) => lexemes.length > 0 && !seen.has(lexemes.join(' ')) && seen.add(lexemes.join(' ')))
      .map((lexemes) => lexemes.map((lexeme) => ({ lexeme, prefix: false })));
    groups.push({ exact: [whole], match: [begins, ...corrected], phrase: false });
  }
  for (const run of terms.runs) {
    const chars = [...run];
    const ops =
      chars.length === 1
        ? [{ lexeme: chars[0]!, prefix: true }]
        : chars.slice(0, -1).map((c, i) => ({ lexeme: c + chars[i + 1]!, prefix: false }));
    groups.push({ exact: [ops], match: [ops], phrase: true });
  }
  if (groups.length === 0) return null;
  const all = (pick: 'exact' | 'match', weight: '' | 'A') => groups.map((g) => render(g[pick], g.phrase, weight)).join(' & ');
  return { match: all('match', ''), exact: all('exact', ''), titleMatch: all('match', 'A'), titleExact: all('exact', 'A') };
}

/**
 * The filters as lexemes the documents carry (migration search_filter_terms): the store, and a
 * category, which every product of its subtree carries as an ancestor. Null when there are none.
 * The market is not one: each market has its own index (migration search_market_indexes).
 */
export function filterQuery(input: { category?: string }, merchantId: string | undefined): string | null {
  const terms: string[] = [];
  if (merchantId) terms.push(`§m§${merchantId}`);
  if (input.category) terms.push(`§c§${input.category}`);
  return terms.length > 0 ? terms.map(quoteLexeme).join(' & ') : null;
}
