import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every link of the project's documents leads somewhere: a relative link names a file or folder of
 * the repository, and a `#fragment` names a heading of its target (GitHub's anchor of it), so a
 * moved section or a renamed file shows here, not as a dead link a reader finds.
 */
const root = path.resolve(import.meta.dirname, '..');
const documents = [
  'README.md',
  'CONTRIBUTING.md',
  'bench/README.md',
  'packages/sdk/README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

function links(file: string): string[] {
  // Code blocks and inline code hold examples, not links.
  const text = readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

describe('links in the documents', () => {
  it('has the documents a newcomer is sent to', () => {
    for (const doc of ['docs/MERCHANTS.md', 'docs/APP-BUILDERS.md', 'docs/SHOPPERS.md', 'docs/OPERATORS.md', 'docs/ARCHITECTURE.md', 'CONTRIBUTING.md']) {
      expect(readFileSync(path.join(root, 'README.md'), 'utf8'), doc).toContain(`](${doc})`);
    }
  });

  it.each(documents)('%s: every relative link names a file of the repository, and every fragment a heading of it', (doc) => {
    const broken: string[] = [];
    for (const link of links(path.join(root, doc))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:
      const [target, fragment] = link.split('#') as [string, string | undefined];
      const file = target ? path.resolve(path.dirname(path.join(root, doc)), decodeURIComponent(target)) : path.join(root, doc);
      if (!existsSync(file)) broken.push(`${link}: no such file`);
      else if (fragment && statSync(file).isFile() && !anchors(file).has(fragment)) broken.push(`${link}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  it('spells anchors as GitHub does', () => {
    expect(anchorOf('Hostile input, client address, security headers')).toBe('hostile-input-client-address-security-headers');
    expect(anchorOf('OAuth 2.0 for apps')).toBe('oauth-20-for-apps');
    expect(anchorOf('The embedded database has one owner')).toBe('the-embedded-database-has-one-owner');
  });
});
