import { APP_SOURCES, projectInputs, SERVER_SOURCES } from './build-if-stale';

describe('projectInputs', () => {
  it("follows the server's project into the puzzle package's core, which the server build bundles", () => {
    const inputs = projectInputs('tsconfig.server.json');
    expect(inputs).toEqual(
      expect.arrayContaining([
        'tsconfig.server.json',
        'server',
        'packages/puzzle-captcha/src/core',
        'packages/puzzle-captcha/src/protocol',
      ]),
    );
    // The widget is not part of the server: editing it must not rebuild the server.
    expect(inputs.some((path) => path.includes('src/react') || path === 'packages/puzzle-captcha/src')).toBe(false);
  });

  it("leaves the scripts and the test doubles out of the server's inputs, and counts the page assembly the build borrows from the server among the app's", () => {
    expect(SERVER_SOURCES.filter((path) => /^(scripts|testing|bench)(\/|$)/.test(path))).toEqual([]);
    expect(APP_SOURCES).toEqual(expect.arrayContaining(['server/site/render-pages.ts', 'server/site/compress-buffer.ts']));
  });

  it('reads each project once, even when several paths lead to it', () => {
    const inputs = projectInputs('tsconfig.json');
    expect(inputs.filter((path) => path === 'packages/puzzle-captcha/tsconfig.core.json')).toHaveLength(1);
    expect(inputs).toEqual(expect.arrayContaining(['src', 'server', 'e2e', 'packages/puzzle-captcha/src/core']));
  });
});
