// Stryker's TypeScript checker (@stryker-mutator/typescript-checker: its grouping of mutants, its attribution of
// errors, its in-memory files), driven by TypeScript's watch program instead of its solution builder.
//
// Why: the solution builder parses every file of the program again for each group of mutants it checks (930
// files here, typebox's declarations and Node's among them: 1.0 to 1.6 s a group on this 2-core machine, and a
// run checks a group for each mutant in a chain of imports), so the checker, not the tests, set the pace of a
// run. The watch program keeps the files that did not change parsed and bound, and updates at once rather
// than after its 250 ms wait for more changes. Everything else is the published checker's own code, loaded
// from its files; a project with references (build mode) still gets the solution builder.
//
// Registered as the checker plugin named 'typescript' (stryker.config.mjs lists this file in `plugins` in place
// of the published package), so `checkers: ['typescript']` and the `typescriptChecker` options are unchanged.
import fs from 'node:fs';
import path from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { URL } from 'node:url';
import ts from 'typescript';
import { commonTokens, declareFactoryPlugin, PluginKind, Scope, tokens } from '@stryker-mutator/api/plugin';

// The published checker's modules, by file: its package exports only its index, which binds the solution builder.
const published = import.meta.resolve('@stryker-mutator/typescript-checker');
const from = (file) => import(new URL(file, published).href);
const { TypescriptChecker } = await from('./typescript-checker.js');
const { TypescriptCompiler } = await from('./typescript-compiler.js');
const { HybridFileSystem } = await from('./fs/hybrid-file-system.js');
const pluginTokens = await from('./plugin-tokens.js');
const { determineBuildModeEnabled } = await from('./tsconfig-helpers.js');

/** The watch program's statuses that start a compilation; any other ends one (Found N errors. Watching...). */
const STARTS = new Set([
  6031, // Starting compilation in watch mode...
  6032, // File change detected. Starting incremental compilation...
]);

export class WatchProgramCompiler extends TypescriptCompiler {
  async init() {
    if (determineBuildModeEnabled(this.tsconfigFile)) return super.init();
    // The published compiler's host, function for function, with no wait before an update.
    const system = {
      ...ts.sys,
      readFile: (fileName) => {
        if (this.fileNameIsBuildInfo(fileName)) return undefined;
        const content = this.fs.getFile(fileName)?.content;
        if (content && this.allTSConfigFiles.has(path.resolve(fileName))) return this.adjustTSConfigFile(fileName, content, false);
        return content;
      },
      fileExists: (fileName) => !this.fileNameIsBuildInfo(fileName) && ts.sys.fileExists(fileName),
      getModifiedTime: (fileName) => (this.fileNameIsBuildInfo(fileName) ? undefined : this.fs.getFile(fileName)?.modifiedTime),
      watchFile: (fileName, callback) => {
        const file = this.fs.getFile(fileName);
        if (file) file.watcher = callback;
        return { close: () => void delete this.fs.getFile(fileName)?.watcher };
      },
      watchDirectory: () => ({ close() {} }),
      writeFile: (fileName, data) => this.fs.writeFile(fileName, data),
      setTimeout: (callback, _ms, ...args) => setTimeout(callback, 0, ...args),
      clearTimeout: (handle) => clearTimeout(handle),
    };
    const createProgram = (...args) => {
      const program = ts.createEmitAndSemanticDiagnosticsBuilderProgram(...args);
      if (this.sourceFiles.size > 0) return program;
      // The import graph the grouping reads, from the first program (as the published compiler builds it).
      for (const file of program.getSourceFiles()) {
        if (file.fileName.endsWith('.d.ts') || file.fileName.includes('node_modules')) continue;
        const imports = program
          .getAllDependencies(file)
          .filter((dependency) => !dependency.includes('/node_modules/') && dependency !== file.fileName)
          .flatMap((dependency) => this.resolveTSInputFile(dependency));
        this.sourceFiles.set(file.fileName, { fileName: file.fileName, imports: new Set(imports) });
      }
      return program;
    };
    const host = ts.createWatchCompilerHost(
      this.tsconfigFile,
      {},
      system,
      createProgram,
      (error) => void this.currentErrors.push(error),
      (status) => {
        this.log.debug(ts.flattenDiagnosticMessageText(status.messageText, '\n'));
        if (!STARTS.has(status.code)) this.currentTask.resolve();
      },
    );
    this.watchProgram = ts.createWatchProgram(host);
    return await this.check([]);
  }
}

create.inject = tokens(commonTokens.injector);
function create(injector) {
  return injector
    .provideFactory(commonTokens.logger, loggerFor, Scope.Transient)
    .provideClass(pluginTokens.fs, HybridFileSystem)
    .provideClass(pluginTokens.tsCompiler, WatchProgramCompiler)
    .injectClass(TypescriptChecker);
}

loggerFor.inject = tokens(commonTokens.getLogger, commonTokens.target);
function loggerFor(getLogger, target) {
  const name = target?.name ?? TypescriptChecker.name;
  return getLogger(name === TypescriptChecker.name ? name : `${TypescriptChecker.name}.${name}`);
}

/** The published checker's in-memory files, for the test beside this file. */
export { HybridFileSystem };

export const strykerPlugins = [declareFactoryPlugin(PluginKind.Checker, 'typescript', create)];
export const strykerValidationSchema = JSON.parse(fs.readFileSync(new URL('../schema/typescript-checker-options.json', published), 'utf8'));
