// The gateway package proven from the outside: `npm pack` it and the puzzle package it depends on, install
// both tarballs into a scratch app in a temp folder (outside the repository), and run that app's own Fastify
// server (consumer.mjs, beside this file): challenge, solved with the test seed and the package's own work
// solver, verify, and the app's /register accepting the token once; and its types checked as a consumer's.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
// npm run passes its own settings down as npm_* variables (the workspace, the prefix...): the scratch
// install must not inherit them, only where the cache and the registry are.
const KEEP = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig', 'npm_config_globalconfig']);
const env = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_') || KEEP.has(key.toLowerCase())),
);
const run = (command: string, args: string[], cwd: string) => {
  try {
    return execFileSync(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}${stderr}`, { cause: error });
  }
};
const rootVersion = (name: string) =>
  (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'gateway-consumer-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

it(
  'registers once through the packed gateway in a scratch Fastify app, and refuses the spent token and no token',
  { timeout: 240_000 },
  () => {
    // The puzzle first: its prepack builds the dist/ whose types the gateway's declarations are built against.
    const tarballs = ['@game-register/puzzle-captcha', '@game-register/gateway'].map((name) => {
      const [packed] = JSON.parse(run('npm', ['pack', '--json', '--workspace', name, '--pack-destination', work], root)) as {
        filename: string;
      }[];
      return [name, `file:./${packed!.filename}`];
    });
    writeFileSync(
      join(work, 'package.json'),
      JSON.stringify({
        name: 'gateway-consumer',
        private: true,
        type: 'module',
        dependencies: { ...Object.fromEntries(tarballs), fastify: rootVersion('fastify'), libsql: rootVersion('libsql') },
      }),
    );
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], work);
    copyFileSync(join(root, 'testing/consumer/consumer.mjs'), join(work, 'consumer.mjs'));
    // The published types must work as a Node consumer's compiler sees them: resolved through the exports
    // map's `types` under nodenext (relative imports with their extensions). Third-party declarations are not
    // ours to check (skipLibCheck); types.ts's @ts-expect-error lines fail if ours came through as `any`. The
    // compiler and Node's types are linked from this repository's node_modules.
    for (const tool of ['typescript', '@types/node']) {
      const link = join(work, 'node_modules', tool);
      if (existsSync(link)) continue;
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(join(root, 'node_modules', tool), link, 'dir');
    }
    copyFileSync(join(root, 'testing/consumer/types.ts'), join(work, 'types.ts'));
    writeFileSync(
      join(work, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
        },
        files: ['types.ts'],
      }),
    );
    run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], work);

    const result = JSON.parse(run(process.execPath, ['consumer.mjs'], work).trim().split('\n').at(-1)!);

    expect(result.challenge).toEqual({ hasPictures: true, gapHidden: true });
    expect(result.verified).toMatchObject({ status: 'y', token: expect.any(String) });
    expect(result.first).toEqual({ status: 'y', info: 'registered alice' });
    expect(result.second).toEqual({ status: 'n', info: '请先完成验证' });
    expect(result.none).toEqual({ status: 'n', info: '请先完成验证' });
    expect(result.events).toEqual(['challenge', 'verified:passed', 'spent', 'refused:spent', 'refused:missing']);
    expect(result.kit).toEqual(['describeStoreContract', 'humanTrail', 'seededOffset', 'seededRandom', 'solveWork', 'solvedWork']);
    expect(result.internals).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
  },
);
