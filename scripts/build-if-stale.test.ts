import { projectInputs } from './build-if-stale';

describe('projectInputs', () => {
  it("follows the server's project into the puzzle package's core, which the server build bundles", () => {
    const inputs = projectInputs('tsconfig.server.json');
    expect(inputs).toEqual(expect.arrayContaining(['tsconfig.server.json', 'server', 'packages/puzzle-captcha/src/core', 'packages/puzzle-captcha/src/protocol']));
    // The widget is not part of the server: editing it must not rebuild the server.
    expect(inputs.some((path) => path.includes('src/react') || path === 'packages/puzzle-captcha/src')).toBe(false);
  });

  it("counts the scripts the server bundles (the page assembly it shares with the build) among the server's inputs", () => {
    expect(projectInputs('tsconfig.server.json')).toEqual(expect.arrayContaining(['scripts/render-pages.ts', 'scripts/compress-buffer.ts']));
  });

  it('reads each project once, even when several paths lead to it', () => {
    const inputs = projectInputs('tsconfig.json');
    expect(inputs.filter((path) => path === 'packages/puzzle-captcha/tsconfig.core.json')).toHaveLength(1);
    expect(inputs).toEqual(expect.arrayContaining(['src', 'server', 'e2e', 'packages/puzzle-captcha/src/core']));
  });
});
