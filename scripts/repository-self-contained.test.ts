// The repository explains itself: nothing in it points at a file outside it, and every relative link in its
// Markdown leads to a file that exists.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ROOT, sourceFiles } from './source-files';

const tracked = sourceFiles().filter((path) => !/\.(png|jpe?g|webp|ico|woff2?|lock)$|package-lock\.json$/.test(path));

describe('the repository', () => {
  it('cites no document that lives outside it', () => {
    const outside = /\b(SPEC|DECISIONS|STYLE|STACK)\.md\b|\.\.\/shared\//;
    const offenders = tracked.filter(
      (path) => path !== 'scripts/repository-self-contained.test.ts' && outside.test(readFileSync(join(ROOT, path), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('has docs whose relative links all resolve', () => {
    const markdown = tracked.filter((path) => path.endsWith('.md'));
    expect(markdown).toEqual(expect.arrayContaining(['docs/behaviour.md', 'docs/architecture.md', 'docs/decisions/README.md']));
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
});
