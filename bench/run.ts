// npm run bench: every performance figure of the project in one report (also bench-results/report.txt).
// Each bench runs in its own Node under tsx, with the workspace packages' sources (as `npm run bench:*` does).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const PARTS: [title: string, script: string][] = [
  ['bundle sizes', 'bench/widget/bundle.ts'],
  ['puzzle widget in the browser', 'bench/widget/captcha.ts'],
  ['puzzle widget per pointer move, as a neutral bench measures', 'bench/widget/captcha-moves.ts'],
  ['proof of work (strict mode)', 'bench/widget/work.ts'],
  ['server under load', 'bench/server/server.ts'],
  ['the forwarded call against nginx proxy_pass, and in front of the PHP backend', 'bench/server/proxy.ts'],
  ['what the Prometheus metrics cost', 'bench/server/metrics.ts'],
  ['registrations with ad reporting on, platforms slow', 'bench/server/ads.ts'],
  ['server-verified puzzle', 'bench/strict/captcha-server.ts'],
  ['strict mode scaling out', 'bench/strict/strict-scale.ts'],
  ['strict mode against scripted bots', 'bench/attack/bots.ts'],
  ['Lighthouse mobile', 'bench/widget/lighthouse.ts'],
];
const TSX_FLAGS = ['--conditions=game-register-source', '--import', 'tsx'];

const report = [`# Performance report, ${new Date().toISOString()} (${process.platform}, Node ${process.version})`];
let failed = 0;
for (const [title, script] of PARTS) {
  console.log(`\n## ${title} (${script})`);
  const run = spawnSync(process.execPath, [...TSX_FLAGS, script], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 15 * 60_000,
  });
  process.stdout.write(run.stdout ?? '');
  report.push(`\n## ${title} (${script})\n`, (run.stdout ?? '').trimEnd());
  if (run.status !== 0) {
    failed += 1;
    console.error(`[bench] ${script} exited with ${run.status ?? run.signal}`);
  }
}
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/report.txt', `${report.join('\n')}\n`);
console.log('\n[bench] report written to bench-results/report.txt');
process.exit(failed > 0 ? 1 : 0);
