/**
 * The query as the search ran it: each misspelt word the search corrected (`meta.corrections`,
 * the word and its suggestions, best first) replaced by its first suggestion. Null when nothing
 * was corrected, so the page says "Showing results for ..." only when the words differ.
 */
export function correctedQuery(q: string, corrections: readonly { word: string; suggestions: readonly string[] }[]): string | null {
  let out = q;
  for (const c of corrections) {
    const best = c.suggestions[0];
    if (!best || !c.word) continue;
    const escaped = c.word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}(?=$|[^\\p{L}\\p{N}])`, 'giu'), (_m, before: string) => `${before}${best}`);
  }
  return out !== q ? out : null;
}
