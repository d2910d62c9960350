// npm run bench:fuzz: generated hostile spellings of the app's three calls sent through the gateway (proxy mode)
// to Debian's php-cli reading them as the backend would. Prints how many were refused or passed on, and every
// spelling PHP read otherwise than the gateway judged (the run fails then). --runs=N (default 2000), --seed=N.
import fc from 'fast-check';
import { judgeThroughPhp, startPhpGateway } from '../testing/php-backend/php-oracle';
import { hostileSpellingArbitrary, type RawRequest } from '../testing/hostile/hostile-spellings';

const arg = (name: string, fallback: number) => Number(process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const runs = arg('runs', 2000);
const seed = arg('seed', Date.now() % 2 ** 31);
const sendable = ({ target, headers }: RawRequest) =>
  ![...target].some((character) => character.charCodeAt(0) <= 0x20 || character.charCodeAt(0) === 0x7f) &&
  !headers.some(([name, value]) => /[\r\n:]/.test(name) || /[\r\n]/.test(value));

const gateway = await startPhpGateway();
const started = process.hrtime.bigint();
let counted = new Map<string, number>();
let refused = 0;
let passed = 0;
const wrong: string[] = [];
try {
  for (const spelling of fc.sample(hostileSpellingArbitrary.filter(sendable), { numRuns: runs, seed })) {
    const verdict = await judgeThroughPhp(gateway, spelling, counted);
    counted = verdict.after;
    if (verdict.refused) refused += 1;
    else passed += 1;
    for (const problem of verdict.problems) wrong.push(`${spelling.name} (${spelling.target}): ${problem}`);
  }
} finally {
  await gateway.close();
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(`spellings: ${runs} (seed ${seed}); refused ${refused}, passed on ${passed}; read otherwise by PHP: ${wrong.length}`);
console.log(`time: ${seconds.toFixed(1)} s, ${((seconds * 1000) / runs).toFixed(2)} ms per spelling (gateway, PHP and two scrapes)`);
for (const line of wrong.slice(0, 20)) console.log(`  ${line}`);
process.exit(wrong.length > 0 ? 1 : 0);
