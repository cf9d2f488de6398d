/*
 * Body (HTML) and the stored description. Descriptions are plain text here (the storefront
 * escapes them and keeps their line breaks), so an imported body is never stored as HTML: its
 * scripts, styles and comments are dropped with their content, line breaks and block ends become
 * new lines, every other tag is removed, entities are decoded and runs of white space collapse as
 * a browser would collapse them. Nothing a CSV carries can reach a page as markup. The export
 * writes the text back as paragraphs (`<p>`, `<br>` for single line breaks), escaped, which this
 * reads back to the same text.
 */

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…', mdash: '—', ndash: '–', copy: '©', reg: '®', trade: '™', middot: '·', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return named[ref.toLowerCase()] ?? whole;
  });
}

const BLOCK = 'p|div|h[1-6]|li|ul|ol|tr|table|blockquote|section|article|header|footer|pre|dl|dt|dd|figure|hr';

/** Plain text of an HTML fragment (see above). */
export function htmlToText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return tidy(html.replace(/\r\n?/g, '\n'));
  const text = html
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<(script|style|head|template|noscript|iframe|object|svg|math)\b[\s\S]*?(<\/\1\s*>|$)/gi, '')
    .replace(/\s+/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(new RegExp(`</?(?:${BLOCK})\\b[^>]*>`, 'gi'), '\n\n')
    .replace(/<\/?[a-z!?][^>]*>/gi, '');
  return tidy(decodeEntities(text));
}

function tidy(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The stored text as Body (HTML): paragraphs at blank lines, `<br>` at single line breaks. */
export function descriptionToHtml(text: string): string {
  const t = tidy(text);
  if (!t) return '';
  return t
    .split(/\n{2,}/)
    .map((p) => `<p>${p.split('\n').map(escape).join('<br>')}</p>`)
    .join('');
}
