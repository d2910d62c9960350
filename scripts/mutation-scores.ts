// Prints the mutation score of each module under mutation testing (scripts/mutation-modules.json) from Stryker's
// JSON report, less the mutants that a test file beside the module lists as equivalent, with the survivors
// to look at; exits 1 when a module is under the bar (npm run test:mutation runs it after Stryker).
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { MUTATED_MODULES } from './mutation-modules';

export const MUTATION_SCORE_BAR = 80;

export type MutantStatus = 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';
export interface ReportMutant {
  mutatorName: string;
  replacement?: string;
  status: MutantStatus;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
export interface MutationReport {
  files: Record<string, { source: string; mutants: ReportMutant[] }>;
}
export interface EquivalentMutant {
  file: string;
  mutator: string;
  original: string;
  replacement: string;
}

const EQUIVALENT_LINE = /Equivalent mutant \(([^,]+), (\w+)\): `(.*?)` -> `(.*?)`/;

/** The equivalent mutants a test file lists, one a line: `Equivalent mutant (file, Mutator): `from` -> `to`: why`. */
export function readEquivalentMutants(testSource: string): EquivalentMutant[] {
  return testSource.split('\n').flatMap((line) => {
    const match = EQUIVALENT_LINE.exec(line);
    return match ? [{ file: match[1]!, mutator: match[2]!, original: match[3]!, replacement: match[4]! }] : [];
  });
}

/** Turns a pattern with `*` within one path segment (the only wildcard the module list uses) into a test. */
function globTest(pattern: string): (path: string) => boolean {
  const source = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  const regex = new RegExp(`^${source}$`);
  return (path) => regex.test(path);
}

export function matchesAll(patterns: readonly string[]): (path: string) => boolean {
  const included = patterns.filter((pattern) => !pattern.startsWith('!')).map(globTest);
  const excluded = patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => globTest(pattern.slice(1)));
  return (path) => included.some((test) => test(path)) && !excluded.some((test) => test(path));
}

/** The source text a mutant replaced, for matching it against the listed equivalents. */
function originalText(source: string, mutant: ReportMutant): string {
  const lines = source.split('\n');
  const { start, end } = mutant.location;
  if (start.line === end.line) return lines[start.line - 1]!.slice(start.column - 1, end.column - 1);
  const middle = lines.slice(start.line, end.line - 1);
  return [lines[start.line - 1]!.slice(start.column - 1), ...middle, lines[end.line - 1]!.slice(0, end.column - 1)].join('\n');
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

export interface ModuleScore {
  name: string;
  detected: number;
  undetected: number;
  equivalent: number;
  /** Null when no mutant of the module was tested (none found, or a run limited to other files). */
  score: number | null;
  survivors: string[];
}

export function scoreModules(
  report: MutationReport,
  modules: readonly { name: string; files: readonly string[] }[],
  equivalents: readonly EquivalentMutant[],
): ModuleScore[] {
  return modules.map(({ name, files }) => {
    const inModule = matchesAll(files);
    let detected = 0;
    let undetected = 0;
    let equivalent = 0;
    const survivors: string[] = [];
    for (const [file, { source, mutants }] of Object.entries(report.files)) {
      if (!inModule(file)) continue;
      for (const mutant of mutants) {
        if (mutant.status === 'Killed' || mutant.status === 'Timeout') detected += 1;
        if (mutant.status !== 'Survived' && mutant.status !== 'NoCoverage') continue;
        const original = squeeze(originalText(source, mutant));
        const replacement = squeeze(mutant.replacement ?? '');
        const listed = equivalents.some(
          (entry) =>
            entry.file === file &&
            entry.mutator === mutant.mutatorName &&
            squeeze(entry.original) === original &&
            squeeze(entry.replacement) === replacement,
        );
        if (listed) {
          equivalent += 1;
          continue;
        }
        undetected += 1;
        survivors.push(
          `${file}:${mutant.location.start.line} ${mutant.mutatorName} (${mutant.status}): \`${original}\` -> \`${replacement}\``,
        );
      }
    }
    const counted = detected + undetected;
    return { name, detected, undetected, equivalent, score: counted === 0 ? null : (100 * detected) / counted, survivors };
  });
}

function testFiles(patterns: readonly string[], root: string): string[] {
  const matches = matchesAll(patterns);
  const folders = new Set(patterns.map((pattern) => dirname(pattern.replace(/^!/, ''))));
  return [...folders].flatMap((folder) => {
    try {
      return readdirSync(join(root, folder))
        .map((name) => relative(root, join(root, folder, name)))
        .filter(matches);
    } catch {
      return [];
    }
  });
}

function main(): void {
  const root = process.cwd();
  const report = JSON.parse(readFileSync(join(root, 'reports/mutation/mutation.json'), 'utf8')) as MutationReport;
  const equivalents = MUTATED_MODULES.flatMap((module) => testFiles(module.tests, root)).flatMap((file) =>
    readEquivalentMutants(readFileSync(join(root, file), 'utf8')),
  );
  const scores = scoreModules(report, MUTATED_MODULES, equivalents);
  for (const module of scores) {
    for (const survivor of module.survivors) console.log(`  survived: ${survivor}`);
  }
  console.log('\nMutation score per module (killed or timed out / all but the listed equivalents):');
  for (const { name, detected, undetected, equivalent, score } of scores) {
    if (score === null) {
      console.log(`  NONE    --   ${name}: no mutant tested`);
      continue;
    }
    const mark = score >= MUTATION_SCORE_BAR ? 'PASS' : 'MISS';
    console.log(
      `  ${mark} ${score.toFixed(1).padStart(5)}%  ${name}: ${detected} detected, ${undetected} undetected, ${equivalent} equivalent`,
    );
  }
  if (scores.some((module) => module.score === null || module.score < MUTATION_SCORE_BAR)) {
    console.log(
      `\nA module under ${MUTATION_SCORE_BAR}% (or with no mutant tested): kill its survivors with a better test, or list the equivalent ones in its test file.`,
    );
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
