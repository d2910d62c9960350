import { ConfigError, loadConfig } from '../../config/config';
import { buildTestApp } from '../../../testing/server/test-support';

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('API_FORWARD_COOKIES', () => {
  it('is read as cookie names by the settings', () => {
    expect(loadConfig({ API_FORWARD_COOKIES: 'sid, lang' }).apiForwardCookies).toEqual(['sid', 'lang']);
    expect(problemsOf(() => loadConfig({ API_FORWARD_COOKIES: 'sid a;b' }))).toEqual([
      'API_FORWARD_COOKIES entries must be cookie names, got "a;b"',
    ]);
  });

  it("stops the start when a name is one of the API's fields, in any spelling", async () => {
    const started = buildTestApp({ apiForwardCookies: ['sid', 'Name', 'captcha_token'] });
    const error = await started.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      `API_FORWARD_COOKIES may not name a field of the API's calls, got "Name"`,
      `API_FORWARD_COOKIES may not name a field of the API's calls, got "captcha_token"`,
    ]);
  });

  it('starts with cookies that are no field', async () => {
    const { app } = await buildTestApp({ apiForwardCookies: ['sid', 'lang'] });
    await app.close();
  });
});
