// The mutation run's TypeScript checker (stryker.checker.mjs) on a small project of its own: it sees the
// compile error a mutant makes in memory, in the mutated file and in a file importing it, and none once the
// file is back as it was. Stryker's own plugin contract (name, kind) is what the config relies on.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const quiet = { debug() {}, trace() {}, info() {}, warn() {}, error() {}, isDebugEnabled: () => false, isTraceEnabled: () => false };
const pluginPath = '../stryker.checker.mjs'; // plain JS beside Stryker's config: Stryker loads it in plain Node
const plugin = (await import(/* @vite-ignore */ pluginPath)) as {
  strykerPlugins: { kind: string; name: string }[];
  WatchProgramCompiler: new (
    log: typeof quiet,
    options: { tsconfigFile: string },
    fs: unknown,
  ) => {
    init(): Promise<unknown[]>;
    check(mutants: unknown[]): Promise<{ file?: { fileName: string }; messageText: unknown }[]>;
  };
  HybridFileSystem: new (log: typeof quiet) => unknown;
};

describe("the mutation run's TypeScript checker", () => {
  it('is the checker plugin named typescript, so the config and its options stay as documented', () => {
    expect(plugin.strykerPlugins.map(({ kind, name }) => [kind, name])).toEqual([['Checker', 'typescript']]);
  });

  it('finds the compile error of a mutant, where it shows, and none once the file is back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mutation-checker-'));
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [] }, include: ['*.ts'] }),
    );
    await writeFile(join(dir, 'count.ts'), 'export const count = (n: number): number => n + 1;\n');
    await writeFile(join(dir, 'use.ts'), "import { count } from './count';\nexport const two: number = count(1);\n");
    const compiler = new plugin.WatchProgramCompiler(
      quiet,
      { tsconfigFile: join(dir, 'tsconfig.json') },
      new plugin.HybridFileSystem(quiet),
    );
    expect(await compiler.init()).toEqual([]);
    const mutant = (id: string, replacement: string, [from, to] = [44, 49]) => ({
      id,
      fileName: join(dir, 'count.ts'),
      replacement,
      location: { start: { line: 0, column: from }, end: { line: 0, column: to } }, // `n + 1`
    });
    // A string where a number is returned: an error in count.ts itself.
    const inFile = await compiler.check([mutant('1', '"n"')]);
    expect(inFile.map((error) => error.file?.fileName.split('/').pop())).toEqual(['count.ts']);
    // A function that now returns a string: count.ts compiles, the file that imports it does not.
    const inImporter = await compiler.check([mutant('2', '(n: number) => String(n)', [21, 49])]);
    expect(inImporter.map((error) => error.file?.fileName.split('/').pop())).toEqual(['use.ts']);
    // Back as it was, with a mutant that type-checks.
    expect(await compiler.check([mutant('3', 'n - 1')])).toEqual([]);
    expect(await compiler.check([])).toEqual([]);
  });
});
