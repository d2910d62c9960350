import { ADAPTERS } from './index';

const json = (value: unknown) => JSON.stringify(value);

describe('each platform\'s answer, as the gateway reads it', () => {
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
