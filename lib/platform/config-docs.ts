/**
 * The operators' tables of environment variables, made from the declarations in config.ts:
 * docs/OPERATORS.md holds them between two markers, `npm run config:docs` writes them there, and
 * config-docs.test.ts fails while it says anything else.
 */
import { type VariableUse, variableFamilies, variables } from './config';

export const CONFIG_DOCS_START = '<!-- config:start (generated from lib/platform/config.ts by `npm run config:docs`: edit the declarations there) -->';
export const CONFIG_DOCS_END = '<!-- config:end -->';

type Row = { name: string; shownDefault: string; meaning: string };

const sections: { use: VariableUse; intro: string | null }[] = [
  { use: 'app', intro: null },
  { use: 'platform', intro: 'Set by the platform that runs the app (Next.js, Vercel, CI), and read as they come:' },
  { use: 'tests', intro: 'Tests, benchmarks and browser tests only:' },
];

const cell = (text: string) => text.replace(/\|/g, '\\|');

function rows(use: VariableUse): Row[] {
  const out: Row[] = [];
  for (const [name, v] of Object.entries(variables)) {
    if (v.use !== use) continue;
    out.push({ name: `\`${name}\``, shownDefault: v.shownDefault, meaning: v.meaning });
    for (const [pattern, family] of Object.entries(variableFamilies)) {
      if (family.after === name) out.push({ name: `\`${pattern}\``, shownDefault: family.shownDefault, meaning: family.meaning });
    }
  }
  return out;
}

/** The tables, in markdown. */
export function configurationTables(): string {
  return sections
    .map(({ use, intro }) =>
      [
        ...(intro ? [intro, ''] : []),
        '| variable | default | meaning |',
        '|---|---|---|',
        ...rows(use).map((r) => `| ${r.name} | ${cell(r.shownDefault)} | ${cell(r.meaning)} |`),
      ].join('\n'),
    )
    .join('\n\n');
}

/** The document with the tables between its markers replaced by the current ones. */
export function withConfigurationTables(readme: string): string {
  const start = readme.indexOf(CONFIG_DOCS_START);
  const end = readme.indexOf(CONFIG_DOCS_END);
  if (start < 0 || end < start) throw new Error(`docs/OPERATORS.md has lost its markers: ${CONFIG_DOCS_START} ... ${CONFIG_DOCS_END}`);
  return `${readme.slice(0, start + CONFIG_DOCS_START.length)}\n${configurationTables()}\n${readme.slice(end)}`;
}
