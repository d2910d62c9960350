// The calls the one reading names are the routes the server answers: the gateway's (the puzzle protocol's
// paths) and the funnel's beacon (the wire's), under the app's API base. A route and its name cannot drift.
import { API_BASE, FUNNEL_WIRE, pathUnderBase } from '@game-register/api-wire';
import { CAPTCHA_PATHS } from '@game-register/puzzle-captcha/protocol';
import { strictConfig } from '../../../testing/server/strict-mode';
import { buildTestApp } from '../../../testing/server/test-support';
import { API_CALLS, isBackendCall, type ApiCall } from './calls';

it("names the protocol's paths and the funnel's under the API base", () => {
  expect(Object.values(CAPTCHA_PATHS).map((path) => API_BASE + path)).toEqual([
    API_CALLS['captcha-challenge'].path,
    API_CALLS['captcha-verify'].path,
    API_CALLS['captcha-accessible'].path,
    API_CALLS['captcha-accessible-verify'].path,
  ]);
  expect(API_CALLS.funnel.path).toBe(API_BASE + pathUnderBase('funnel'));
  expect(API_CALLS.funnel.gatewayOnly).toEqual(FUNNEL_WIRE.fields);
});

it('answers every call it names that is its own (never forwarded) with a route of its own, in strict mode', async () => {
  const { app } = await buildTestApp(strictConfig());
  try {
    await app.ready();
    const own = (Object.keys(API_CALLS) as ApiCall[]).filter((call) => !isBackendCall(call));
    expect(own.filter((call) => !app.hasRoute({ method: 'POST', url: API_CALLS[call].path }))).toEqual([]);
    expect(own).toHaveLength(Object.keys(CAPTCHA_PATHS).length + 1);
  } finally {
    await app.close();
  }
});
