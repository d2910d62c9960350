import Database from 'libsql';
import { readGatewayOptions } from './options';
import { TOP_LEVEL } from '../core/rules/levels';
import { DRAW_DEFAULTS, NETWORK_ANSWER_LIMIT, STOCK_DEFAULT, WORK_DEFAULTS } from '../core/rules/policy';

const database = new Database(':memory:');
afterAll(() => database.close());

it('fills every option left out with the default in policy.ts', () => {
  const settings = readGatewayOptions({ store: { kind: 'libsql', database } });
  expect(settings).toMatchObject({
    secret: null,
    work: WORK_DEFAULTS,
    stock: STOCK_DEFAULT,
    draw: DRAW_DEFAULTS,
    networkChallenges: NETWORK_ANSWER_LIMIT.max,
    testSeed: null,
    events: {},
  });
  expect(settings.clock).toBe(Date.now);
});

it('refuses bad options at register, naming each one', () => {
  expect(() => readGatewayOptions({ store: { kind: 'memory' }, secret: 'short', stock: -1 })).toThrow(
    /invalid options:(.|\n)*\/store(.|\n)*\/secret(.|\n)*\/stock/,
  );
  expect(() => readGatewayOptions({ store: { kind: 'libsql', database }, work: { puzzle: 10, accessible: null } })).toThrow(
    /\/work\/puzzle must be >= 1000/,
  );
  expect(() => readGatewayOptions({ store: { kind: 'libsql', database }, colour: 'red' })).toThrow(/\/colour is not an option/);
  expect(() => readGatewayOptions({ store: { kind: 'libsql', database }, events: { verified: 'yes' } })).toThrow(/\/events\/verified/);
});

it('refuses a path without the picture cheaper than the puzzle', () => {
  expect(() => readGatewayOptions({ store: { kind: 'libsql', database }, work: { puzzle: 20_000, accessible: 10_000 } })).toThrow(
    /\/work\/accessible must not be below \/work\/puzzle/,
  );
});

it("takes the keys Fastify adds to every plugin's options as none of its own", () => {
  expect(readGatewayOptions({ store: { kind: 'redis', client: {}, prefix: 'greg:' }, prefix: '/api', logLevel: 'warn' }).store).toEqual({
    kind: 'redis',
    client: {},
    prefix: 'greg:',
  });
});

it('takes a pinned level up to the top of the policy table, and no higher', () => {
  const store = { kind: 'libsql', database };
  expect(readGatewayOptions({ store, level: TOP_LEVEL }).level).toBe(TOP_LEVEL);
  expect(() => readGatewayOptions({ store, level: TOP_LEVEL + 1 })).toThrow(/\/level/);
});
