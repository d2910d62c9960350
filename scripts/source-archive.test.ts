// `npm test` passes from a source archive (a release tarball, `git archive`, a copied folder), which has no
// .git: nothing `npm test` runs asks git for the tree; the tests that read the tree walk it
// (scripts/source-files.ts), and pass in a copy without .git; the walk lists what git lists. The whole suite in
// such a copy, `npm ci && npm test`, is `npm run test:archive` (scripts/test-archive.ts), too long for every run.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT, sourceFiles } from './source-files';

const SELF = 'scripts/source-archive.test.ts';
// The one file npm test does not run that may ask git: the opt-in whole-suite check makes its archive with it.
const OPT_IN = 'scripts/test-archive.ts';
const files = sourceFiles();
// The run in the copy is a Vitest of its own, not a worker of this one.
const outerEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(VITEST|TINYPOOL)/.test(key)));

/** Asking git: running it (`'git'` as a command, `git ls-files` in a shell line) or a git library. */
const ASKS_GIT =
  /(['"`])git\1|(^|[\s;&|(`'"])git\s+(-C\b|ls-files|ls-tree|archive|rev-parse|log|diff|status|show|describe|grep|cat-file|check-ignore|config)\b|\b(simple-git|isomorphic-git|nodegit|dugite)\b/m;

/**
 * What `npm test` runs: every test, the scripts, browser tests and test doubles, CI's script, the configs, the
 * package.json scripts, and the packages' build files (`npm pack` builds them).
 */
const runByNpmTest = (path: string) =>
  /\.(test|spec)\.[cm]?[jt]sx?$/.test(path) ||
  /^(scripts|e2e|testing|\.ci)\//.test(path) ||
  /(^|\/)package\.json$|(^|\/)[^/]*\.config\.[cm]?[jt]s$|^packages\/[^/]+\/[^/]+\.[cm]?[jt]s$/.test(path);

/** node_modules as `npm ci` would make it in the copy: each package linked, the workspace's links kept relative. */
function linkModules(from: string, to: string) {
  mkdirSync(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name === '.vite' || entry.name === '.cache') continue; // the original's caches stay its own
    const source = join(from, entry.name);
    if (entry.isSymbolicLink())
      symlinkSync(readlinkSync(source), join(to, entry.name)); // a workspace package: into the copy's packages/
    else if (entry.name.startsWith('@')) linkModules(source, join(to, entry.name));
    else symlinkSync(source, join(to, entry.name), 'dir');
  }
}

describe('a source archive (no .git)', () => {
  it('is asked of git by nothing npm test runs', () => {
    const asking = files.filter(
      (path) => path !== SELF && path !== OPT_IN && runByNpmTest(path) && ASKS_GIT.test(readFileSync(join(ROOT, path), 'utf8')),
    );
    expect(asking).toEqual([]);
    // The pattern finds the forms a test would use.
    for (const line of [
      "execFileSync('git', ['ls-files'])",
      'spawn("git", args)',
      'exec(`git rev-parse HEAD`)',
      'git ls-files -z',
      "import simpleGit from 'simple-git'",
    ])
      expect(line).toMatch(ASKS_GIT);
    expect('// the files git would list, as git ignores them').not.toMatch(ASKS_GIT);
  });

  it('passes the tests that read the tree in a copy of it without .git', { timeout: 120_000 }, () => {
    const readers = files.filter(
      (path) =>
        path !== SELF &&
        /\.test\.tsx?$/.test(path) &&
        /from '(\.\.?\/)+(scripts\/)?source-(files|imports)'/.test(readFileSync(join(ROOT, path), 'utf8')),
    );
    expect(readers).toEqual(
      expect.arrayContaining([
        'scripts/import-cycles.test.ts',
        'scripts/folder-arrows.test.ts',
        'scripts/line-width.test.ts',
        'scripts/repository-self-contained.test.ts',
      ]),
    );
    const copy = mkdtempSync(join(tmpdir(), 'source-archive-'));
    try {
      for (const path of files) {
        mkdirSync(dirname(join(copy, path)), { recursive: true });
        copyFileSync(join(ROOT, path), join(copy, path));
      }
      linkModules(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
      expect(existsSync(join(copy, '.git'))).toBe(false);
      const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', ...readers], {
        cwd: copy,
        encoding: 'utf8',
        env: { ...outerEnv, NO_COLOR: '1', FORCE_COLOR: '0' },
      });
      const output = `${run.stdout}${run.stderr}`;
      expect(run.status, output).toBe(0);
      expect(output).toMatch(new RegExp(`Test Files\\s+${readers.length} passed`));
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it.runIf(existsSync(join(ROOT, '.git')))('holds, walked, the files git lists as tracked or new', () => {
    const git = (...args: string[]) =>
      execFileSync('git', [...args, '-z'], { cwd: ROOT, encoding: 'utf8' })
        .split('\0')
        .filter(Boolean);
    // A tracked file deleted from the working tree is in neither an archive of it nor the walk.
    const listed = [...git('ls-files'), ...git('ls-files', '--others', '--exclude-standard')].filter((path) =>
      existsSync(join(ROOT, path)),
    );
    expect(files).toEqual([...new Set(listed)].sort());
  });
});
