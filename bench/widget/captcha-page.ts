// Shared by the puzzle benches: the built playground on a free port in headless Chromium, and the widget
// chunk's gzip size.
import { chromium, type Browser } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { build, preview, type Rollup } from 'vite';
import { gzipKB } from '../../scripts/check-bundle';
import { CHROMIUM_ARGS, ensureChromium } from '../../scripts/ensure-chromium';
import { freePort } from '../../scripts/free-port';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The widget as an app's build makes it: a host entry imports the package lazily, as the app does (so the
 * bundler's own helpers for lazy imports sit in the host, as they do in the app's entry), minified, React
 * external. Counted, gzip -9:
 *   - js, css: what showing the widget fetches, the package's chunk and every chunk it imports statically,
 *     with their CSS;
 *   - serverLater: what only server mode adds, later: the chunks the widget imports lazily (server mode with
 *     its stylesheet, the proof-of-work wrapper) and the Web Worker's script, fetched when a challenge brings a task;
 *   - withoutWebCryptoJs: what a page without WebCrypto fetches instead of, or besides, that: the worker
 *     with @noble/hashes inside and the hash chunk of the main-thread solver.
 */
export async function chunkSize(outDir: string) {
  const host = join(outDir, '..', 'widget-host.js');
  mkdirSync(dirname(host), { recursive: true });
  writeFileSync(host, `export const load = () => import(${JSON.stringify(join(ROOT, 'packages/puzzle-captcha/src/index.ts'))});\n`);
  const result = await build({
    configFile: false,
    root: ROOT,
    publicDir: false,
    logLevel: 'silent',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2020',
      rollupOptions: {
        input: host,
        preserveEntrySignatures: 'strict',
        external: ['react', 'react-dom', 'react/jsx-runtime'],
      },
    },
  });
  const [first] = Array.isArray(result) ? result : [result as Rollup.RollupOutput];
  if (!first) throw new Error('the widget build wrote nothing');
  const { output } = first;
  const byName = new Map(output.map((item) => [item.fileName, item]));
  const widget = output.find((item) => item.type === 'chunk' && item.facadeModuleId?.endsWith('packages/puzzle-captcha/src/index.ts'));
  if (!widget) throw new Error('the widget chunk is not in the build');
  /** A chunk and what it imports statically, with their CSS (externals such as react are not files here). */
  const closure = (name: string, into = new Set<string>()) => {
    const chunk = byName.get(name);
    if (chunk?.type !== 'chunk' || into.has(name)) return into;
    into.add(name);
    for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
    for (const next of chunk.imports) closure(next, into);
    return into;
  };
  // What the host has loaded before (its entry, the bundler's preload helper) is the app's, not the widget's.
  const entry = output.find((item) => item.type === 'chunk' && item.isEntry);
  if (!entry) throw new Error('the host entry is not in the build');
  const hostNames = closure(entry.fileName);
  const shown = new Set([...closure(widget.fileName)].filter((name) => !hostNames.has(name)));
  const size = (names: string[]) => names.reduce((sum, name) => sum + gzipKB(join(outDir, name)), 0);
  const files = [...byName.keys()].filter((name) => /\.(js|css)$/.test(name));
  const later = files.filter((name) => !shown.has(name) && !hostNames.has(name));
  // Server mode's chunk brings its own stylesheet (无障碍验证's); any other CSS outside the widget is a mistake.
  const importedCss = (name: string) => {
    const item = byName.get(name);
    return item?.type === 'chunk' ? [...(item.viteMetadata?.importedCss ?? [])] : [];
  };
  const laterCss = new Set(later.flatMap(importedCss));
  const stray = later.filter((name) => name.endsWith('.css') && !laterCss.has(name));
  if (stray.length > 0) throw new Error(`CSS outside the widget chunk: ${stray.join(', ')}`);
  // Fetched only on pages without WebCrypto (plain http): the worker with its own SHA-256, the hash chunk.
  const withoutWebCrypto = later.filter((name) => /(^|\/)(sha2|solve-worker-noble)-/.test(name));
  const server = later.filter((name) => !withoutWebCrypto.includes(name));
  return {
    js: size([...shown].filter((name) => name.endsWith('.js'))),
    css: size([...shown].filter((name) => name.endsWith('.css'))),
    serverLater: size(server),
    withoutWebCryptoJs: size(withoutWebCrypto),
    files: { shown: [...shown], server, withoutWebCrypto },
  };
}

/** The playground's production build, served by Vite's preview server on a free port. */
async function servePlayground(outDir: string) {
  await build({ configFile: join(ROOT, 'vite.playground.config.ts'), logLevel: 'silent', build: { outDir } });
  const port = await freePort();
  const server = await preview({
    configFile: join(ROOT, 'vite.playground.config.ts'),
    logLevel: 'silent',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
  return {
    url: `http://127.0.0.1:${port}/captcha.html`,
    close: () => new Promise<void>((done) => server.httpServer.close(() => done())),
  };
}

/** The playground served and headless Chromium launched for `run` (`scratch`: a directory of its own); all gone after. */
export async function withPlayground<T>(
  name: string,
  run: (tools: { browser: Browser; url: string; scratch: string }) => Promise<T>,
): Promise<T> {
  const executablePath = ensureChromium();
  const scratch = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const { close, url } = await servePlayground(join(scratch, 'playground'));
  const browser = await chromium.launch({ executablePath, args: ['--headless', ...CHROMIUM_ARGS] });
  try {
    return await run({ browser, url, scratch });
  } finally {
    await browser.close();
    await close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
