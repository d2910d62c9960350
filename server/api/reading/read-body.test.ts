import { readBody } from './read-body';
import { topLevelKeys } from './json-keys';

const json = (text: string) => Buffer.from(text);

describe('readBody', () => {
  it("reads the app's check body, JSON, and the same fields as a form", () => {
    expect(readBody('checkuser', 'application/json', json('{"param":"玩家","name":"name"}'))).toEqual({
      body: { param: '玩家', name: 'name' },
      type: 'json',
    });
    expect(readBody('checktel', 'application/x-www-form-urlencoded; charset=UTF-8', json('param=138+0&name=mobile'))).toEqual({
      body: { param: '138 0', name: 'mobile' },
      type: 'form',
    });
  });

  it('treats an empty body as none, whatever its content type says', () => {
    expect(readBody('reg', 'application/json', Buffer.alloc(0))).toEqual({ body: null, type: null });
    expect(readBody('checkuser', 'text/plain', undefined)).toEqual({ body: null, type: null });
  });

  it("drops keys that are none of the call's fields", () => {
    expect(readBody('checkuser', 'application/json', json('{"param":"a","code":"EVIL","x":{"y":[1,2]}}'))).toEqual({
      body: { param: 'a' },
      type: 'json',
    });
  });

  it.each([
    ['a body on reg', 'reg', 'application/x-www-form-urlencoded', 'code=EVIL', 'a body on a call that takes none'],
    ['a body on the beacon', 'funnel', 'application/json', '{}', 'a body on a call that takes none'],
    ['JSON that is not JSON', 'checkuser', 'application/json', 'param=a', 'a body that is not the JSON it says it is'],
    ['a JSON array', 'checkuser', 'application/json', '["a"]', 'a JSON body that is not an object'],
    ['a field twice in JSON', 'checkuser', 'application/json', '{"param":"a","param":"b"}', 'a field given twice'],
    ['a field spelled another way', 'checkuser', 'application/json', '{"Param":"a"}', 'a field spelled another way'],
    ['a field that is not a string', 'checkuser', 'application/json', '{"param":["a"]}', 'a field that is not a string'],
    ['a control character in a key', 'checkuser', 'application/json', '{"param\\u0000":"a"}', 'control character in a parameter'],
    ['a field twice in a form', 'checkuser', 'application/x-www-form-urlencoded', 'param=a&param=b', 'a field given twice'],
    ["strict mode's JSON that is broken", 'captcha-verify', 'application/json', '{"id":', 'a body that is not the JSON it says it is'],
    [
      'a prototype key',
      'captcha-verify',
      'application/json',
      '{"id":"x","__proto__":{"admin":true}}',
      'a body that is not the JSON it says it is',
    ],
    [
      "a constructor's prototype",
      'captcha-verify',
      'application/json',
      '{"id":"x","constructor":{"prototype":{"admin":true}}}',
      'a body that is not the JSON it says it is',
    ],
    ['JSON null', 'checkuser', 'application/json', 'null', 'a JSON body that is not an object'],
    ['a JSON string', 'checkuser', 'application/json', '"param"', 'a JSON body that is not an object'],
    ['a control character in a JSON value', 'checkuser', 'application/json', '{"param":"a\\nb"}', 'control character in a parameter'],
  ])("refuses %s with 400, saying why (the log's words)", (_label, call, contentType, body, reason) => {
    expect(readBody(call as 'reg', contentType, json(body))).toEqual({ refusal: { status: 400, reason } });
  });

  it('reads JSON in any +json type and in any case, and no type that merely contains json', () => {
    expect(readBody('checkuser', 'Application/Vnd.Api+JSON ; charset=utf-8', json('{"param":"a"}'))).toEqual({
      body: { param: 'a' },
      type: 'json',
    });
    expect(readBody('checkuser', 'application/jsonx', json('{"param":"a"}'))).toEqual({
      refusal: { status: 415, reason: 'a content type the call does not take' },
    });
    expect(readBody('checkuser', 'xapplication/json', json('{"param":"a"}'))).toEqual({
      refusal: { status: 415, reason: 'a content type the call does not take' },
    });
  });

  it('refuses a body that is not UTF-8, and takes one that spells the replacement character', () => {
    expect(readBody('checkuser', 'application/json', Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]))).toEqual({
      refusal: { status: 400, reason: 'a body that is not UTF-8' },
    });
    expect(readBody('checkuser', 'application/json', json('{"param":"\uFFFD"}'))).toEqual({ body: { param: '\uFFFD' }, type: 'json' });
  });

  it('refuses a content type the call does not take with 415', () => {
    expect(readBody('checkuser', 'text/plain', json('param=a'))).toEqual({
      refusal: { status: 415, reason: 'a content type the call does not take' },
    });
    expect(readBody('captcha-verify', 'application/x-www-form-urlencoded', json('id=a'))).toEqual({
      refusal: { status: 415, reason: 'a content type the call does not take' },
    });
    expect(readBody('checkuser', undefined, json('{"param":"a"}'))).toEqual({
      refusal: { status: 415, reason: 'a body without a content type' },
    });
  });

  it("hands strict mode's calls their JSON whole, for their schemas to judge", () => {
    expect(readBody('captcha-verify', 'application/json', json('{"id":"c","offsetX":1,"trail":[]}'))).toEqual({
      body: { id: 'c', offsetX: 1, trail: [] },
      type: 'json',
    });
  });
});

describe('topLevelKeys', () => {
  it('lists the keys of the top level only, repeats included', () => {
    expect(topLevelKeys('{"a":1,"b":{"a":2,"c":[{"d":3}]},"a":"x\\"y","e":[1,"f"]}')).toEqual(['a', 'b', 'a', 'e']);
    expect(topLevelKeys('{ "\\u0070aram" : "v" }')).toEqual(['param']);
  });
});
