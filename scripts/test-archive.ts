// `npm run test:archive`: the whole suite from a source archive, as a release tarball or a copied folder has
// it. In a checkout, `git archive HEAD` (what is committed) is unpacked into a temporary folder; outside one,
// the tree less what .gitignore leaves out is copied. There, with no .git, `npm ci && npm test` runs with
// CI=true, as CI runs .ci/run on a clean clone: as long as `npm test` and as much again for `npm ci`, so
// opt-in. Every `npm test` checks the cheap part (scripts/source-archive.test.ts). The folder is removed when
// the suite passes and kept, for a look, when it fails.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT, sourceFiles } from './source-files';

const archive = mkdtempSync(join(tmpdir(), 'test-archive-'));
if (existsSync(join(ROOT, '.git'))) {
  const tar = execFileSync('git', ['archive', '--format=tar', 'HEAD'], { cwd: ROOT, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', archive], { input: tar });
  console.log(
    `[test:archive] git archive HEAD (${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()}) in ${archive}`,
  );
} else {
  for (const path of sourceFiles()) {
    mkdirSync(dirname(join(archive, path)), { recursive: true });
    copyFileSync(join(ROOT, path), join(archive, path));
  }
  console.log(`[test:archive] the tree, less what .gitignore leaves out, in ${archive}`);
}

// npm run passes its own settings down as npm_* variables (the prefix, the script...): the archive's npm must
// not inherit them, only where the cache and the registry are.
const KEEP = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig', 'npm_config_globalconfig']);
const env = {
  ...Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_') || KEEP.has(key.toLowerCase())),
  ),
  CI: 'true',
};
const started = Date.now();
const run = spawnSync('bash', ['-c', 'npm ci && npm test'], { cwd: archive, env, stdio: 'inherit' });
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
if (run.status === 0) {
  rmSync(archive, { recursive: true, force: true });
  console.log(`[test:archive] npm ci && npm test passed from the archive in ${minutes} min`);
} else {
  console.error(
    `[test:archive] npm ci && npm test failed from the archive after ${minutes} min (exit ${run.status}); the folder is kept: ${archive}`,
  );
  process.exit(run.status ?? 1);
}
