// The modules under mutation testing (npm run test:mutation), each with the test files that guard it: Stryker
// mutates `files`, Vitest runs only `tests` (vitest.mutation.config.ts), and the scores are printed per module
// (scripts/mutation-scores.ts). Why each module is in: docs/decisions.md, "Mutation testing".
export const MUTATED_MODULES = [
  {
    name: 'request reading and forwarding',
    files: ['server/api-reading/read-target.ts', 'server/api-reading/read-body.ts', 'server/api-reading/read-pairs.ts',
      'server/api-reading/reading.ts', 'server/api-reading/forward.ts', 'server/forwarded-for.ts'],
    // Not php-differential.test.ts: it starts PHP and runs fast-check for every mutant it covers, which made the
    // run hours long on 2 cores; the edges it would catch are pinned by the fast files.
    tests: ['server/api-reading/read-target.test.ts', 'server/api-reading/read-body.test.ts', 'server/api-reading/reading.test.ts',
      'server/api-reading/forward.test.ts', 'server/forwarded-for.test.ts'],
  },
  {
    name: 'difficulty rule and policy',
    files: ['packages/gateway/src/difficulty/*.ts', '!packages/gateway/src/difficulty/*.test.ts', 'packages/gateway/src/policy.ts',
      'packages/gateway/src/networks/network-kind.ts', 'packages/gateway/src/networks/address-bits.ts',
      'packages/gateway/src/networks/origin-as.ts'],
    tests: ['packages/gateway/src/difficulty/*.test.ts', 'packages/gateway/src/networks/*.test.ts'],
  },
  {
    name: 'token and work checks',
    files: ['packages/gateway/src/token.ts', 'packages/gateway/src/work.ts', 'packages/gateway/src/challenge-answer.ts',
      'packages/gateway/src/trail.ts'],
    tests: ['packages/gateway/src/token.test.ts', 'packages/gateway/src/work.test.ts',
      'packages/gateway/src/challenge-answer.test.ts', 'packages/gateway/src/trail.test.ts'],
  },
  {
    name: 'ad adapters',
    files: ['server/ads/adapters/*.ts', '!server/ads/adapters/*.test.ts'],
    tests: ['server/ads/adapters/*.test.ts'],
  },
  {
    name: 'ad delivery and outboxes',
    files: ['server/ads/delivery.ts', 'server/ads/libsql-outbox.ts', 'server/ads/redis-outbox.ts'],
    tests: ['server/ads/delivery.test.ts', 'server/ads/outbox.test.ts'],
  },
];
