/**
 * Text folding and script classes shared by search documents and search queries. The SQL side
 * (search_fold and search_is_cjk, migrations product_search and search_fold_letters) holds the
 * same table and ranges, and tests/search-index.test.ts checks that both agree on the database in use.
 */

/**
 * Fullwidth letters and digits, then accented Latin letters, to their plain forms. Punctuation
 * is left alone: it separates words whatever its width.
 */
export const FOLD_FROM =
  "０１２３４５６７８９ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžØøĐđĦħŁłŦŧ";
export const FOLD_TO =
  "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzAAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzOoDdHhLlTt";
const LIGATURES: [string, string][] = [
  ['ß', 'ss'],
  ['æ', 'ae'],
  ['Æ', 'AE'],
  ['œ', 'oe'],
  ['Œ', 'OE'],
];

const foldMap = new Map([...FOLD_FROM].map((c, i) => [c, [...FOLD_TO][i]!]));

/** The same as SQL search_fold(t). */
export function fold(text: string): string {
  let out = '';
  for (const c of text) out += foldMap.get(c) ?? c;
  for (const [from, to] of LIGATURES) out = out.replaceAll(from, to);
  return out;
}

/** Code point ranges of scripts written without spaces between words (SQL search_is_cjk). */
export const CJK_RANGES: readonly (readonly [number, number])[] = [
  [0x3041, 0x30fa], // hiragana, katakana (without the middle dot)
  [0x30fc, 0x30ff],
  [0x3400, 0x4dbf], // CJK extension A
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xac00, 0xd7af], // Hangul syllables
  [0x20000, 0x2a6df], // CJK extension B
];

export function isCjk(codePoint: number): boolean {
  return CJK_RANGES.some(([lo, hi]) => codePoint >= lo && codePoint <= hi);
}
