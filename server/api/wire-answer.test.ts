// The `{status, info}` answer is the wire's (api-wire's WireAnswer): the backend's, the reference handlers', and
// the gateway's, whose schema serialises the server's refusals and errors. The gateway is published alone, so it
// keeps its own schema; this holds the two the same, so that the app reads every answer the server sends.
import Value from 'typebox/value';
import { readWireAnswer, type WireAnswer } from '@game-register/api-wire';
import { AnswerSchema, errorAnswer, GATE_UNAVAILABLE, INFO_BY_STATUS, NEEDS_CAPTCHA, type Answer } from '@game-register/gateway/answers';

it("types the gateway's answer as the wire's", () => {
  expectTypeOf<Answer>().toEqualTypeOf<WireAnswer>();
});

it("lets the app read every answer the gateway builds, and the gateway's schema hold every answer the app reads", () => {
  const built: Answer[] = [NEEDS_CAPTCHA, GATE_UNAVAILABLE, errorAnswer(418), errorAnswer(500)];
  for (const status of Object.keys(INFO_BY_STATUS)) built.push(errorAnswer(Number(status)));
  for (const answer of built) expect(readWireAnswer(answer)).toEqual(answer);
  for (const value of [{ status: 'y', info: '用户名可用' }, { status: 'n' }, { status: 'n', info: 7 }]) {
    expect(Value.Check(AnswerSchema, readWireAnswer(value))).toBe(true);
  }
  for (const value of [null, 'y', { status: 'maybe', info: '' }, { info: '注册成功' }]) expect(readWireAnswer(value)).toBeNull();
});
