// The puzzle package proven from the outside (e2e/package-consumer.spec.ts): `npm pack` it, install the
// tarball into a scratch Vite + React app in a temp folder, type-check that app against the published
// .d.ts, build it, and serve the build on E2E_CONSUMER_PORT until stopped. The app's react and react-dom
// come from the registry (or npm's cache, --prefer-offline); its tools (vite, the React plugin,
// TypeScript and React's types) are linked from this repository's node_modules.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const port = process.env.E2E_CONSUMER_PORT;
if (!port) throw new Error('E2E_CONSUMER_PORT is not set');
const PACKAGE = '@game-register/puzzle-captcha';
const TOOLS = ['vite', '@vitejs/plugin-react', 'typescript', '@types/react', '@types/react-dom'];

// npm run passes its own settings down as npm_* variables (the workspace, the prefix...): the scratch
// install must not inherit them, only where the cache and the registry are.
const KEEP = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig', 'npm_config_globalconfig']);
const env = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_') || KEEP.has(key.toLowerCase())),
);
const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

// scripts/e2e.ts makes the folder and removes it after the run (Playwright stops this server abruptly).
const ownFolder = !process.env.CONSUMER_DIR;
const work = process.env.CONSUMER_DIR || mkdtempSync(join(tmpdir(), 'puzzle-consumer-'));
let preview: ChildProcess | null = null;
const cleanUp = () => {
  preview?.kill();
  if (ownFolder) rmSync(work, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (cleanUp(), process.exit(0)));

try {
  // prepack builds dist/ first, so the tarball is never stale.
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--workspace', PACKAGE, '--pack-destination', work], root)) as [
    { filename: string },
  ];
  const rootVersion = (name: string) =>
    JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version as string;
  writeFileSync(
    join(work, 'package.json'),
    JSON.stringify(
      {
        name: 'puzzle-consumer',
        private: true,
        type: 'module',
        dependencies: { [PACKAGE]: `file:./${packed.filename}`, react: rootVersion('react'), 'react-dom': rootVersion('react-dom') },
      },
      null,
      2,
    ),
  );
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], work);
  for (const tool of TOOLS) {
    const link = join(work, 'node_modules', tool);
    if (existsSync(link)) continue;
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(root, 'node_modules', tool), link, 'dir');
  }
  mkdirSync(join(work, 'src'));
  copyFileSync(join(root, 'e2e/package-consumer/main.tsx'), join(work, 'src/main.tsx'));
  writeFileSync(
    join(work, 'index.html'),
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>consumer</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n',
  );
  writeFileSync(
    join(work, 'vite.config.js'),
    "import react from '@vitejs/plugin-react';\nexport default { plugins: [react()], logLevel: 'warn' };\n",
  );
  writeFileSync(
    join(work, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        module: 'ESNext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      include: ['src'],
    }),
  );
  // The published types must work as a consumer's compiler sees them: resolved through the exports
  // map's `types`, with the package's own .d.ts checked too (skipLibCheck off).
  run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], work);
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  run(process.execPath, [vite, 'build'], work);
  preview = spawn(process.execPath, [vite, 'preview', '--host', '127.0.0.1', '--port', port, '--strictPort'], {
    cwd: work,
    env,
    stdio: 'inherit',
  });
  preview.on('exit', (code) => {
    if (ownFolder) rmSync(work, { recursive: true, force: true });
    process.exit(code ?? 0);
  });
} catch (error) {
  cleanUp();
  throw error;
}
