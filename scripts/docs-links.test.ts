// Every relative link and picture in the README, docs/ (decisions/ too) and the benches' index leads somewhere: the file exists,
// and an anchor into a markdown file names one of its headings as GitHub spells them. Every `npm run` they name
// is a script of package.json, and every path of the repository the README names is there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const DOCS = [
  'README.md',
  'bench/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  ...readdirSync(join(ROOT, 'docs', 'decisions'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/decisions/${name}`),
];

/** The text outside fenced code blocks and code spans: what a reader sees as prose and links. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped (letters of any script kept), spaces as hyphens. */
export const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = anchorOf(heading!.replace(/`/g, ''));
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** The targets of `[text](target)`, `![alt](target)` and `<img src="target">` that stay in the repository. */
const linksOf = (text: string) =>
  [...prose(text).matchAll(/\]\(([^)\s]+)\)|<img [^>]*src="([^"]+)"/g)]
    .map(([, link, src]) => (link ?? src)!)
    .filter((target) => !/^[a-z]+:/i.test(target));

function broken(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const problems: string[] = [];
  for (const target of linksOf(text)) {
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const absolute = path === '' ? join(ROOT, file) : resolve(ROOT, dirname(file), decodeURI(path));
    if (!absolute.startsWith(ROOT) || !existsSync(absolute)) problems.push(`${file}: ${target} (no ${relative(ROOT, absolute)})`);
    else if (anchor && absolute.endsWith('.md') && !anchorsOf(readFileSync(absolute, 'utf8')).has(decodeURIComponent(anchor)))
      problems.push(`${file}: ${target} (no such heading)`);
  }
  return problems;
}

describe('the docs link only to what is there', () => {
  it('finds the links it checks (the README links into docs/, with anchors)', () => {
    const readme = linksOf(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(readme.filter((target) => target.startsWith('docs/')).length).toBeGreaterThan(10);
    expect(anchorOf('Ad platforms: registrations reported back (注册回传)')).toBe('ad-platforms-registrations-reported-back-注册回传');
    expect(anchorOf("Difficulty levels: bots pay, people don't")).toBe('difficulty-levels-bots-pay-people-dont');
  });

  it.each(DOCS)('%s: every relative link and picture resolves, anchors included', (file) => {
    expect(broken(file)).toEqual([]);
  });

  it('names only npm scripts that exist, and in the README only paths that exist', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const named = DOCS.flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/npm run ([a-z][\w:-]*)/g)].map(([, script]) => `${file}: npm run ${script!}`),
    );
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter((line) => !(line.split('npm run ')[1]! in scripts))).toEqual([]);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const paths = [
      ...readme.matchAll(/(?<![\w/.-])((?:src|server|packages|e2e|scripts|docs|bench|testing|monitoring)\/[\w./@-]*[\w/])/g),
    ].map(([, path]) => path!);
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });
});
