// The puzzle package's dist/ is a production build whatever NODE_ENV its build inherits. Built as the tests
// build it (NODE_ENV=test, as `npm pack` in gateway-consumer.test.ts does), its JSX once called
// react/jsx-dev-runtime's jsxDEV, which a consumer's production React leaves undefined: the page threw
// "jsxDEV is not a function". Here the package is built so, then a consumer page is built from it for
// production by Vite, as an outside app would (one script, for jsdom to run), and rendered.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

// jsdom ships no types and this project has no DOM library: the little this test uses, typed here.
interface DomNode {
  textContent: string | null;
  append(child: DomNode): void;
}
interface Jsdom {
  JSDOM: new (
    html: string,
    options: Record<string, unknown>,
  ) => {
    window: { document: { body: DomNode; createElement(tag: string): DomNode; querySelector(selector: string): unknown }; close(): void };
  };
  VirtualConsole: new () => { on(event: 'jsdomError' | 'error', listener: (...args: unknown[]) => void): void };
}
const { JSDOM, VirtualConsole } = createRequire(import.meta.url)('jsdom') as Jsdom;

const root = resolve(import.meta.dirname, '../..');
const vite = join(root, 'node_modules/vite/bin/vite.js');
const PACKAGE = '@game-register/puzzle-captcha';

function run(args: string[], cwd: string, NODE_ENV: string) {
  const env = { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(VITEST|TINYPOOL)/.test(key))), NODE_ENV };
  const result = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`vite ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
}

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'puzzle-production-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

it(
  'builds the package for production under NODE_ENV=test, and a consumer page built from it renders the widget',
  { timeout: 120_000 },
  async () => {
    const installed = join(work, 'node_modules', PACKAGE);
    mkdirSync(installed, { recursive: true });
    copyFileSync(join(root, 'packages/puzzle-captcha/package.json'), join(installed, 'package.json'));
    run([vite, 'build', '--outDir', join(installed, 'dist')], join(root, 'packages/puzzle-captcha'), 'test');

    const modules = readdirSync(join(installed, 'dist'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    expect(modules.filter((file) => readFileSync(join(installed, 'dist', file), 'utf8').includes('jsx-dev-runtime'))).toEqual([]);
    expect(readFileSync(join(installed, 'dist/index.js'), 'utf8')).toMatch(/from ["']react\/jsx-runtime["']/);

    for (const name of ['react', 'react-dom', 'scheduler', 'typebox', '@noble'])
      symlinkSync(join(root, 'node_modules', name), join(work, 'node_modules', name), 'dir');
    writeFileSync(
      join(work, 'main.tsx'),
      `import { createRoot } from 'react-dom/client';
import { PuzzleCaptcha } from '${PACKAGE}';
createRoot(document.getElementById('root')!).render(<PuzzleCaptcha type="inside" />);
`,
    );
    writeFileSync(
      join(work, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>\n',
    );
    // One classic script (iife), which jsdom runs; the app is built as production, as a consumer deploys it.
    writeFileSync(
      join(work, 'vite.config.mjs'),
      `import react from '${import.meta.resolve('@vitejs/plugin-react')}';
export default { plugins: [react()], logLevel: 'warn', build: { modulePreload: false, rolldownOptions: { output: { format: 'iife' } } } };
`,
    );
    run([vite, 'build'], work, 'production');

    const assets = join(work, 'dist/assets');
    const script = readdirSync(assets).find((file) => file.endsWith('.js'))!;
    const errors: string[] = [];
    const virtualConsole = new VirtualConsole();
    virtualConsole.on('jsdomError', (error) => errors.push((error as Error).message));
    virtualConsole.on('error', (...args: unknown[]) => errors.push(args.map(String).join(' ')));
    const { window } = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', {
      runScripts: 'dangerously',
      pretendToBeVisual: true,
      virtualConsole,
      url: 'http://127.0.0.1/',
    });
    try {
      const element = window.document.createElement('script');
      element.textContent = readFileSync(join(assets, script), 'utf8');
      window.document.body.append(element);
      // jsdom draws no canvas ("Not implemented"): the widget is there all the same, its slider ready to use.
      await vi.waitFor(
        () => {
          expect(errors.filter((message) => !message.startsWith('Not implemented'))).toEqual([]);
          expect(window.document.querySelector('.pcap [role="slider"]')).not.toBeNull();
        },
        { timeout: 5000 },
      );
    } finally {
      window.close();
    }
  },
);
