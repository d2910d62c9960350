// Against Debian's real Prometheus (installed by scripts/ensure-prometheus.ts, which `npm test` runs first):
// the alert rules load and behave, and a running Prometheus scrapes the server and reads the funnel back.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PROMETHEUS_PATH, PROMTOOL_PATH } from '../../scripts/ensure-prometheus';
import { freePort } from '../../scripts/free-port';
import { buildTestApp } from '../../testing/server/test-support';
import { metricsOn } from '../../testing/server/metrics';

const run = promisify(execFile);
const MONITORING = resolve(import.meta.dirname, '../../monitoring');

function requireTools() {
  for (const path of [PROMETHEUS_PATH, PROMTOOL_PATH]) {
    if (!existsSync(path))
      throw new Error(`${path} is missing: run node --import tsx scripts/ensure-prometheus.ts (apt-get install prometheus)`);
  }
}

describe('the alert rules', () => {
  it('pass promtool check rules', async () => {
    requireTools();
    const { stdout } = await run(PROMTOOL_PATH, ['check', 'rules', join(MONITORING, 'alert-rules.yml')]);
    expect(stdout).toContain('SUCCESS: 12 rules found');
  });

  it('fire and stay quiet as their unit tests say (promtool test rules)', async () => {
    requireTools();
    const { stdout } = await run(PROMTOOL_PATH, ['test', 'rules', 'alert-rules.test.yml'], { cwd: MONITORING });
    expect(stdout).toMatch(/SUCCESS/);
  });
});

/** What promtool prints for a command run in monitoring/. */
async function promtool(...args: string[]): Promise<string> {
  requireTools();
  return (await run(PROMTOOL_PATH, args, { cwd: MONITORING })).stdout;
}

describe("the recording rules (the funnel, the ad reports, the puzzle's cost)", () => {
  it('pass promtool check rules', async () => {
    expect(await promtool('check', 'rules', 'recording-rules.yml')).toContain('SUCCESS: 42 rules found');
  });

  it('record what their unit tests say (promtool test rules)', async () => {
    expect(await promtool('test', 'rules', 'recording-rules.test.yml')).toMatch(/SUCCESS/);
  });
});

describe.each(['funnel-dashboard.json', 'puzzle-cost-dashboard.json'])('the dashboard %s', (file) => {
  interface Panel {
    type: string;
    title: string;
    targets?: { expr: string }[];
  }

  let dataDir: string | undefined;
  afterEach(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('queries only what the recording rules record, in PromQL that promtool parses', async () => {
    const dashboard = JSON.parse(await readFile(join(MONITORING, file), 'utf8')) as { panels: Panel[] };
    const rules = await readFile(join(MONITORING, 'recording-rules.yml'), 'utf8');
    const recorded = new Set([...rules.matchAll(/- record: (\S+)/g)].map((match) => match[1]));
    const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
    for (const panel of dashboard.panels.filter(({ type }) => type !== 'row'))
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    for (const expr of exprs) {
      const names = [...expr.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*:[a-zA-Z0-9_:]+)\{/g)].map((match) => match[1]);
      expect(names.length, expr).toBeGreaterThan(0);
      for (const name of names) expect(recorded, expr).toContain(name);
    }
    // Each query, with the dashboard's variable filled in, as a rule: promtool parses it as Prometheus would.
    dataDir = await mkdtemp(join(tmpdir(), 'dashboard-'));
    const asRules = [
      'groups:',
      '  - name: dashboard',
      '    rules:',
      ...exprs.map(
        (expr, index) => `      - record: dashboard:query_${index}\n        expr: ${JSON.stringify(expr.replaceAll('$channel', '.*'))}`,
      ),
    ];
    await writeFile(join(dataDir, 'queries.yml'), `${asRules.join('\n')}\n`);
    expect(await promtool('check', 'rules', join(dataDir, 'queries.yml'))).toContain(`SUCCESS: ${exprs.length} rules found`);
  });
});

describe('a real Prometheus scraping the server', () => {
  let prometheus: ChildProcess | undefined;
  let dataDir: string | undefined;

  afterEach(async () => {
    prometheus?.kill('SIGTERM');
    await new Promise((done) => (prometheus && prometheus.exitCode === null ? prometheus.once('exit', done) : done(null)));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('reads a registration back through its query API', { timeout: 60_000 }, async () => {
    requireTools();
    const { app } = await buildTestApp(metricsOn());
    try {
      const metricsPort = app.metricsAddress()!.port;
      dataDir = await mkdtemp(join(tmpdir(), 'prometheus-'));
      await writeFile(
        join(dataDir, 'prometheus.yml'),
        [
          'global:',
          '  scrape_interval: 1s',
          'scrape_configs:',
          '  - job_name: game-register',
          '    static_configs:',
          `      - targets: ['127.0.0.1:${metricsPort}']`,
          '',
        ].join('\n'),
      );
      const port = await freePort();
      prometheus = spawn(
        PROMETHEUS_PATH,
        [
          `--config.file=${join(dataDir, 'prometheus.yml')}`,
          `--storage.tsdb.path=${join(dataDir, 'data')}`,
          `--web.listen-address=127.0.0.1:${port}`,
          '--log.level=warn',
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let stderr = '';
      prometheus.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));

      const registration = new URLSearchParams({
        name: 'promuser',
        Password: 'Secret#123',
        rePassword: 'Secret#123',
        wash: '1',
        washType: '2',
        code: 'H5REG',
        mobile: '13800138000',
        QQ: '',
        islogin: 'true',
      });
      expect((await app.inject({ method: 'POST', url: `/api/Index/reg?${registration}` })).json()).toMatchObject({ status: 'y' });

      const query = encodeURIComponent('sum(game_register_reg_outcomes_total{outcome="registered"})');
      let value: string | undefined;
      for (let attempt = 0; attempt < 100 && value !== '1'; attempt += 1) {
        await new Promise((wait) => setTimeout(wait, 300));
        if (prometheus.exitCode !== null) throw new Error(`prometheus exited: ${stderr}`);
        const answer = await fetch(`http://127.0.0.1:${port}/api/v1/query?query=${query}`).then(
          (response) => response.json() as Promise<{ data?: { result?: { value: [number, string] }[] } }>,
          () => undefined, // not listening yet
        );
        value = answer?.data?.result?.[0]?.value[1];
      }
      expect(value).toBe('1');
    } finally {
      await app.close();
    }
  });
});
