// The ledger's recording rules, alert and dashboard against Debian's promtool (installed by scripts/ensure-prometheus.ts, which `npm test` runs first).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PROMTOOL_PATH } from '../../scripts/ensure-prometheus';

const run = promisify(execFile);
const MONITORING = resolve(import.meta.dirname, '../../monitoring');

describe("the ledger's alert rule", () => {
  it('passes promtool check rules, and fires and stays quiet as its unit tests say', async () => {
    if (!existsSync(PROMTOOL_PATH))
      throw new Error(`${PROMTOOL_PATH} is missing: run node --import tsx scripts/ensure-prometheus.ts (apt-get install prometheus)`);
    expect((await run(PROMTOOL_PATH, ['check', 'rules', 'ledger-rules.yml'], { cwd: MONITORING })).stdout).toContain(
      'SUCCESS: 3 rules found',
    );
    expect((await run(PROMTOOL_PATH, ['test', 'rules', 'ledger-rules.test.yml'], { cwd: MONITORING })).stdout).toMatch(/SUCCESS/);
  });
});

describe('the ledger dashboard', () => {
  it('queries only what ledger-rules.yml records, in PromQL that promtool parses', async () => {
    const dashboard = JSON.parse(await readFile(join(MONITORING, 'ledger-dashboard.json'), 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    const rules = await readFile(join(MONITORING, 'ledger-rules.yml'), 'utf8');
    const recorded = new Set([...rules.matchAll(/- record: (\S+)/g)].map((match) => match[1]));
    const exprs = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));
    expect(exprs.length).toBeGreaterThan(0);
    for (const expr of exprs)
      for (const [, name] of expr.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*:[a-zA-Z0-9_:]+)\{/g)) expect(recorded, expr).toContain(name);
    const dir = await mkdtemp(join(tmpdir(), 'ledger-dashboard-'));
    try {
      const asRules = [
        'groups:',
        '  - name: dashboard',
        '    rules:',
        ...exprs.map((expr, index) => `      - record: dashboard:query_${index}\n        expr: ${JSON.stringify(expr)}`),
      ];
      await writeFile(join(dir, 'queries.yml'), `${asRules.join('\n')}\n`);
      expect((await run(PROMTOOL_PATH, ['check', 'rules', join(dir, 'queries.yml')])).stdout).toContain(
        `SUCCESS: ${exprs.length} rules found`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
