import { readEquivalentMutants, scoreModules, type MutationReport } from './mutation-scores';

const source = ['export function isAdult(age: number) {', '  return age >= 18;', '}'].join('\n');
const at = (line: number, from: number, to: number) => ({ start: { line, column: from }, end: { line, column: to } });

const report: MutationReport = {
  files: {
    'server/age.ts': {
      source,
      mutants: [
        { mutatorName: 'EqualityOperator', replacement: 'age > 18', status: 'Survived', location: at(2, 10, 19) },
        { mutatorName: 'EqualityOperator', replacement: 'age < 18', status: 'Killed', location: at(2, 10, 19) },
        { mutatorName: 'ConditionalExpression', replacement: 'true', status: 'Timeout', location: at(2, 10, 19) },
        { mutatorName: 'ConditionalExpression', replacement: 'false', status: 'NoCoverage', location: at(2, 10, 19) },
        { mutatorName: 'BlockStatement', replacement: '{}', status: 'CompileError', location: at(1, 40, 1) },
      ],
    },
    'server/elsewhere.ts': {
      source,
      mutants: [{ mutatorName: 'EqualityOperator', replacement: 'age > 18', status: 'Survived', location: at(2, 10, 19) }],
    },
  },
};
const modules = [{ name: 'ages', files: ['server/age*.ts', '!server/age.test.ts'] }];

describe('the mutation score of a module', () => {
  it('counts killed and timed-out mutants as detected, survivors and uncovered ones as not, and nothing else', () => {
    const [score] = scoreModules(report, modules, []);
    expect(score).toMatchObject({ detected: 2, undetected: 2, equivalent: 0, score: 50 });
    expect(score!.survivors).toEqual([
      'server/age.ts:2 EqualityOperator (Survived): `age >= 18` -> `age > 18`',
      'server/age.ts:2 ConditionalExpression (NoCoverage): `age >= 18` -> `false`',
    ]);
  });

  it('leaves out a survivor its test file lists as equivalent, matched by file, mutator, code and replacement', () => {
    const listed = readEquivalentMutants(
      [
        '// Equivalent mutant (server/age.ts, EqualityOperator): `age >= 18` -> `age > 18`: nobody is 18 here.',
        '// Equivalent mutant (server/age.ts, EqualityOperator): `age >= 18` -> `age < 18`: already killed.',
        '// Equivalent mutant (server/other.ts, ConditionalExpression): `age >= 18` -> `false`: another file.',
      ].join('\n'),
    );
    expect(listed).toHaveLength(3);
    const [score] = scoreModules(report, modules, listed);
    expect(score).toMatchObject({ detected: 2, undetected: 1, equivalent: 1 });
    expect(score!.score).toBeCloseTo(66.7, 1);
  });

  it('has no score when none of its mutants was tested', () => {
    const [score] = scoreModules(report, [{ name: 'none', files: ['server/nowhere.ts'] }], []);
    expect(score).toMatchObject({ detected: 0, undetected: 0, score: null });
  });
});
