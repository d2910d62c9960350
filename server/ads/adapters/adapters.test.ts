import { ADAPTERS } from './index';

// Equivalent mutant (server/ads/adapters/adapter.ts, ConditionalExpression): `parsed !== null` -> `true`: typeof null is 'object', so jsonOf gives null for a JSON null either way.

const json = (value: unknown) => JSON.stringify(value);

describe("each platform's answer, as the gateway reads it", () => {
  it.each([
    ['tencent', 200, json({ code: 0 }), 'done'],
    ['tencent', 200, json({ code: 11002, message: 'token invalid' }), 'retry auth'],
    ['tencent', 200, json({ code: 11017 }), 'retry rate_limited'],
    ['tencent', 200, json({ code: 11000, message: 'access token expired' }), 'retry token_expired'],
    ['tencent', 200, json({ code: 10000, message: 'system busy' }), 'retry platform_error'],
    ['tencent', 200, json({ code: 10001, message: 'system maintenance' }), 'retry platform_error'],
    ['tencent', 200, json({ code: 11008, message: 'app request limit' }), 'retry rate_limited'],
    ['tencent', 200, json({ code: 30000 }), 'retry platform_error'],
    ['tencent', 200, json({ code: 30099 }), 'retry platform_error'],
    ['tencent', 200, json({ code: 30100 }), 'give_up refused'],
    ['tencent', 200, json({ code: 51000, message: 'unknown action' }), 'give_up refused'],
    ['oceanengine', 200, json({ code: 0, message: '成功' }), 'done'],
    ['oceanengine', 200, json({ code: 40001 }), 'give_up refused'],
    ['baidu', 200, json({ header: { status: 0 } }), 'done'],
    ['baidu', 200, json({ header: { status: 3, desc: 'system error' } }), 'retry platform_error'],
    ['baidu', 200, json({ header: { status: 2, desc: 'failure' } }), 'give_up refused'],
    ['kuaishou', 200, json({ result: 1 }), 'done'],
    ['kuaishou', 200, json({ result: 0, error_msg: 'callbackinfo decoded failure' }), 'give_up refused'],
    ['kuaishou', 502, 'Bad Gateway', 'retry http_5xx'],
    ['oceanengine', 429, '', 'retry rate_limited'],
    ['baidu', 403, '', 'retry auth'],
    ['tencent', 404, '', 'give_up refused'],
    ['oceanengine', 200, '<html>maintenance</html>', 'retry bad_answer'],
  ] as const)('%s: %i %s is %s', (platform, status, body, expected) => {
    const verdict = ADAPTERS[platform].classify(status, body);
    expect([verdict.kind, 'reason' in verdict ? verdict.reason : ''].filter(Boolean).join(' ')).toBe(expected);
  });
});

describe('the HTTP status, before any body', () => {
  it.each([
    [400, 'give_up refused'],
    [401, 'retry auth'],
    [403, 'retry auth'],
    [404, 'give_up refused'],
    [429, 'retry rate_limited'],
    [499, 'give_up refused'],
    [500, 'retry http_5xx'],
    [503, 'retry http_5xx'],
  ] as const)('%i is %s, whatever the body says', (status, expected) => {
    for (const platform of ['tencent', 'baidu', 'kuaishou'] as const) {
      const verdict = ADAPTERS[platform].classify(status, json({ code: 0, header: { status: 0 }, result: 1 }));
      expect([verdict.kind, 'reason' in verdict ? verdict.reason : ''].join(' ')).toBe(expected);
    }
  });

  it('says the status of a refusal by HTTP', () => {
    expect(ADAPTERS.oceanengine.classify(400, '')).toEqual({ kind: 'give_up', reason: 'refused', detail: 'HTTP 400' });
  });

  it('reads the body of any other status as the answer', () => {
    expect(ADAPTERS.tencent.classify(399, json({ code: 0 }))).toEqual({ kind: 'done' });
    expect(ADAPTERS.kuaishou.classify(204, json({ result: 1 }))).toEqual({ kind: 'done' });
  });
});

describe("an answer that is not the platform's", () => {
  it.each([
    ['tencent', 'null'],
    ['tencent', '"a string"'],
    ['tencent', json({ code: '0' })],
    ['tencent', json({ message: 'no code' })],
    ['baidu', json({ status: 0 })],
    ['baidu', json({ header: { status: '0' } })],
    ['baidu', 'not json'],
    ['kuaishou', json({ error_msg: 'no result' })],
    ['kuaishou', '17'],
  ] as const)('%s: %s is a bad answer, tried again', (platform, body) => {
    expect(ADAPTERS[platform].classify(200, body)).toEqual({ kind: 'retry', reason: 'bad_answer' });
  });
});

describe("the reason kept with a refused report: the platform's own words", () => {
  it('Tencent and Ocean Engine: the code and message', () => {
    expect(ADAPTERS.tencent.classify(200, json({ code: 51000, message: 'unknown action' }))).toEqual({
      kind: 'give_up',
      reason: 'refused',
      detail: '51000 unknown action',
    });
    expect(ADAPTERS.oceanengine.classify(200, json({ code: 40001 }))).toEqual({ kind: 'give_up', reason: 'refused', detail: '40001 ' });
  });

  it('Tencent: the code and message of an answer worth another try', () => {
    expect(ADAPTERS.tencent.classify(200, json({ code: 11017, message: 'too frequent' }))).toEqual({
      kind: 'retry',
      reason: 'rate_limited',
      detail: '11017 too frequent',
    });
  });

  it('cut at 200 characters', () => {
    expect(ADAPTERS.tencent.classify(200, json({ code: 51000, message: 'x'.repeat(300) }))).toMatchObject({
      detail: `51000 ${'x'.repeat(194)}`,
    });
    const failures = Array.from({ length: 20 }, () => ({ code: 10003, message: 'logidUrl invalid' }));
    expect(
      (ADAPTERS.baidu.classify(200, json({ header: { status: 2, desc: 'failure', failures } })) as { detail: string }).detail,
    ).toHaveLength(200);
  });

  it("Baidu: the status, its words, and each row's failure", () => {
    const header = {
      status: 2,
      desc: 'failure',
      failures: [{ code: 10003, message: 'logidUrl invalid', position: 0 }, { message: 'no code' }, null],
    };
    expect(ADAPTERS.baidu.classify(200, json({ header }))).toEqual({
      kind: 'give_up',
      reason: 'refused',
      detail: '2 failure; 10003 logidUrl invalid; no code; ',
    });
    expect(ADAPTERS.baidu.classify(200, json({ header: { status: 1, failures: 'none' } }))).toEqual({
      kind: 'give_up',
      reason: 'refused',
      detail: '1 ',
    });
    expect(ADAPTERS.baidu.classify(200, json({ header: { status: 3, desc: 'system error' } }))).toEqual({
      kind: 'retry',
      reason: 'platform_error',
      detail: '3 system error',
    });
  });

  it('Kuaishou: the result and its error message', () => {
    expect(ADAPTERS.kuaishou.classify(200, json({ result: 0, error_msg: 'callbackinfo decoded failure' }))).toEqual({
      kind: 'give_up',
      reason: 'refused',
      detail: '0 callbackinfo decoded failure',
    });
    expect(ADAPTERS.kuaishou.classify(200, json({ result: 2 }))).toEqual({ kind: 'give_up', reason: 'refused', detail: '2 ' });
  });
});
