// The puzzle widget's size as a neutral side-by-side bench takes it: from the package as published, not
// from our sources. `npm pack` the package (its prepack builds dist/), unpack the tarball, then
//   - asPublished: the files the default entry's exports name, `.` (dist/index.js) and `./style.css`, gzip -9
//     each, as they are in the tarball: what a table of packages compares (our bench builds from sources
//     and minifies, so it counts less);
//   - pageBundle: a page that imports the unpacked package and its stylesheet statically, built by Vite
//     (production defaults: minified, split), React external: the page's JS + CSS, gzip -9, what showing
//     the widget fetches. Server mode's lazy chunks are not in it.
// Run alone: `npm run bench:captcha-size`; `npm run bench:captcha-moves` prints it with the other figures.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Rollup } from 'vite';
import { gzipKB } from '../scripts/check-bundle';

const ROOT = resolve(import.meta.dirname, '..');
const PACKAGE = '@game-register/puzzle-captcha';

// npm run passes its own settings down as npm_* variables (the workspace, the prefix...): the pack must
// not inherit them (as in scripts/package-consumer.ts).
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_') || ['npm_config_cache', 'npm_config_userconfig'].includes(key.toLowerCase())));

type Exports = Record<string, string | Record<string, string>>;
const target = (exports: Exports, key: string) => {
  const entry = exports[key];
  const path = typeof entry === 'string' ? entry : entry?.default;
  if (!path) throw new Error(`the package exports no ${key}`);
  return path;
};

export async function publishedSize() {
  const scratch = mkdtempSync(join(tmpdir(), 'bench-captcha-published-'));
  try {
    const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--workspace', PACKAGE, '--pack-destination', scratch], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' })) as [{ filename: string }];
    const modules = join(scratch, 'node_modules');
    const unpacked = join(modules, PACKAGE);
    mkdirSync(unpacked, { recursive: true });
    execFileSync('tar', ['-xzf', join(scratch, packed.filename), '-C', unpacked, '--strip-components=1']);
    const { exports } = JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8')) as { exports: Exports };
    const js = gzipKB(join(unpacked, target(exports, '.')));
    const css = gzipKB(join(unpacked, target(exports, './style.css')));

    // Its dependencies as an install would bring them (only server mode's lazy chunks import them).
    for (const name of ['react', 'react-dom', 'scheduler', 'typebox', '@noble']) symlinkSync(join(ROOT, 'node_modules', name), join(modules, name), 'dir');
    const page = join(scratch, 'page.js');
    writeFileSync(page, `import '${PACKAGE}/style.css';\nexport { PuzzleCaptcha } from '${PACKAGE}';\n`);
    const outDir = join(scratch, 'out');
    const result = await build({
      configFile: false,
      root: scratch,
      publicDir: false,
      logLevel: 'silent',
      build: { outDir, rollupOptions: { input: page, preserveEntrySignatures: 'strict', external: [/^react($|\/)/, /^react-dom($|\/)/] } },
    });
    const [first] = Array.isArray(result) ? result : [result as Rollup.RollupOutput];
    const entry = first?.output.find((item): item is Rollup.OutputChunk => item.type === 'chunk' && item.isEntry);
    if (!entry) throw new Error('the page bundle has no entry');
    const byName = new Map(first!.output.map((item) => [item.fileName, item]));
    const shown = new Set<string>();
    const closure = (name: string) => {
      const chunk = byName.get(name);
      if (chunk?.type !== 'chunk' || shown.has(name)) return;
      shown.add(name);
      for (const css of chunk.viteMetadata?.importedCss ?? []) shown.add(css);
      for (const next of chunk.imports) closure(next);
    };
    closure(entry.fileName);
    const sum = (suffix: string) => [...shown].filter((name) => name.endsWith(suffix)).reduce((total, name) => total + gzipKB(join(outDir, name)), 0);
    return { asPublished: { js, css }, pageBundle: { js: sum('.js'), css: sum('.css') } };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) {
  const { asPublished, pageBundle } = await publishedSize();
  const row = (name: string, { js, css }: { js: number; css: number }) => console.log(`  ${name.padEnd(62)} ${(js + css).toFixed(2)} KB (${js.toFixed(2)} + ${css.toFixed(2)})`);
  console.log('[bench:captcha-size] the packed package, JS + CSS, gzip -9');
  row('as published: dist/index.js + dist/style.css (neutral measure)', asPublished);
  row('a page importing it and its CSS, Vite production build', pageBundle);
}
