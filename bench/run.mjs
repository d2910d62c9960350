#!/usr/bin/env node
// npm run bench: every performance figure of the project in one report (also bench-results/report.txt).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';

const PARTS = [
  ['bundle sizes', 'bench/bundle.mjs'],
  ['puzzle widget in the browser', 'bench/captcha.mjs'],
  ['puzzle widget per pointer move, as a neutral bench measures', 'bench/captcha-moves.mjs'],
  ['proof of work (strict mode)', 'bench/work.mjs'],
  ['server under load', 'bench/server.mjs'],
  ['what the Prometheus metrics cost', 'bench/metrics.mjs'],
  ['registrations with ad reporting on, platforms slow', 'bench/ads.mjs'],
  ['server-verified puzzle', 'bench/captcha-server.mjs'],
  ['strict mode scaling out', 'bench/strict-scale.mjs'],
  ['strict mode against scripted bots', 'bench/bots.mjs'],
  ['the gateway against PHP: generated hostile spellings', 'bench/fuzz-gateway.ts'],
  ['Lighthouse mobile', 'bench/lighthouse.mjs'],
];

const report = [`# Performance report, ${new Date().toISOString()} (${process.platform}, Node ${process.version})`];
let failed = 0;
for (const [title, script] of PARTS) {
  if (!existsSync(script)) continue;
  console.log(`\n## ${title} (${script})`);
  // Under tsx, with the packages' source condition: the benches import the gateway's testing export from its sources.
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--conditions=game-register-source', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 15 * 60_000 });
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
