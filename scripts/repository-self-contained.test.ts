// The repository explains itself: nothing in it points at a file outside it, and every relative link in its
// Markdown leads to a file that exists.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ignore from 'ignore';

const ROOT = resolve(import.meta.dirname, '..');
const inGit = existsSync(join(ROOT, '.git'));
const git = (...args: string[]) => execFileSync('git', [...args, '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);

/**
 * The repository's files as a source archive holds them (no .git): the tree walked, less what .gitignore leaves
 * out. In a checkout this is git's tracked and untracked-but-not-ignored files.
 */
function walkSources(): string[] {
  const ignored = ignore().add(readFileSync(join(ROOT, '.gitignore'), 'utf8')).add('.git');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = relative(ROOT, join(dir, entry.name));
      // Either form, so that a symlinked node_modules/ is left out like a real one.
      if (ignored.ignores(path) || ignored.ignores(`${path}/`)) continue;
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.isFile()) files.push(path);
    }
  };
  walk(ROOT);
  return files.sort();
}

const tracked = (inGit ? git('ls-files') : walkSources())
  .filter((path) => existsSync(join(ROOT, path)) && !/\.(png|jpe?g|webp|ico|woff2?|lock)$|package-lock\.json$/.test(path));

describe('the repository', () => {
  it('cites no document that lives outside it', () => {
    const outside = /\b(SPEC|DECISIONS|STYLE|STACK)\.md\b|\.\.\/shared\//;
    const offenders = tracked.filter((path) => path !== 'scripts/repository-self-contained.test.ts' && outside.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('has docs whose relative links all resolve', () => {
    const markdown = tracked.filter((path) => path.endsWith('.md'));
    expect(markdown).toEqual(expect.arrayContaining(['docs/behaviour.md', 'docs/architecture.md', 'docs/decisions.md']));
    const broken: string[] = [];
    for (const path of markdown) {
      for (const [, target] of readFileSync(join(ROOT, path), 'utf8').matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue; // http:, mailto:
        if (!existsSync(resolve(ROOT, dirname(path), target!))) broken.push(`${path} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('keeps its scripts, browser tests and benches in TypeScript, with no declaration twins beside JavaScript', () => {
    const javascript = tracked.filter((path) => /^(scripts|e2e|bench)\//.test(path) && /\.(m|c)?js$|\.d\.(m|c)ts$/.test(path));
    expect(javascript).toEqual([]);
  });

  it.runIf(inGit)('walks, outside a git checkout, the files git would list', () => {
    const listed = [...git('ls-files'), ...git('ls-files', '--others', '--exclude-standard')].filter((path) => existsSync(join(ROOT, path)));
    expect(walkSources()).toEqual([...new Set(listed)].sort());
  });
});
