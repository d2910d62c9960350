// docs/configuration.md documents every variable the server, the site settings and the build read, and no
// other: each table is compared with the schema (or, for the build, with src/config/env.ts) it describes, and
// the whole file with what `npm run docs:config` makes from them now.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ServerEnv } from '../../server/config/config-schema';
import { SITE_VARIABLES } from '../../server/site/settings-schema';
import { renderConfigurationReference } from './render';
import { CONFIGURATION_DOC } from './write';

const doc = readFileSync(CONFIGURATION_DOC, 'utf8');

/** The variables in the first column of the tables of the doc's `## title` section. */
function documented(title: string): string[] {
  const from = doc.indexOf(`\n## ${title}\n`);
  if (from < 0) throw new Error(`docs/configuration.md has no section "${title}"`);
  const next = doc.indexOf('\n## ', from + 1);
  const section = doc.slice(from, next < 0 ? undefined : next);
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map(([, name]) => name!);
}

const missing = (wanted: string[], have: string[]) => wanted.filter((name) => !have.includes(name));

describe('docs/configuration.md', () => {
  it('documents every variable of the server schema, and only those', () => {
    const schema = Object.keys(ServerEnv.properties);
    const rows = documented("The server's environment");
    expect({
      undocumented: missing(schema, rows),
      notInSchema: missing(rows, schema),
      twice: rows.filter((name, i) => rows.indexOf(name) !== i),
    }).toEqual({
      undocumented: [], // add each to scripts/config-reference/server-variables.ts, then npm run docs:config
      notInSchema: [],
      twice: [],
    });
  });

  it('documents every SITE_* variable the site settings read, and only those', () => {
    const schema = SITE_VARIABLES.map(({ variable }) => variable);
    const rows = documented('Site settings as variables');
    expect({ undocumented: missing(schema, rows), notInSchema: missing(rows, schema) }).toEqual({ undocumented: [], notInSchema: [] });
  });

  it('documents every VITE_* variable the build reads, and only those', () => {
    const source = readFileSync(resolve(import.meta.dirname, '../../src/config/env.ts'), 'utf8');
    const read = [...new Set([...source.matchAll(/'(VITE_[A-Z0-9_]+)'/g)].map(([, name]) => name!))];
    const rows = documented("The build's own values (`VITE_*`)");
    expect(read.length).toBeGreaterThan(10);
    expect({ undocumented: missing(read, rows), notRead: missing(rows, read) }).toEqual({ undocumented: [], notRead: [] });
  });

  it('is what npm run docs:config makes from the schemas now', () => {
    // When this fails: npm run docs:config, and commit docs/configuration.md.
    expect(doc).toBe(renderConfigurationReference());
  });
});
