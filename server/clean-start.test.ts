import { strictConfig } from '../testing/server/strict-mode';
import { buildTestApp } from '../testing/server/test-support';

describe('a clean start', () => {
  it('prints no warning in strict mode (the route schemas compile without Ajv strict-mode notices)', async () => {
    const warn = vi.spyOn(console, 'warn');
    const emitWarning = vi.spyOn(process, 'emitWarning');
    try {
      const { app } = await buildTestApp(strictConfig());
      await app.close();
      expect(warn).not.toHaveBeenCalled();
      expect(emitWarning).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      emitWarning.mockRestore();
    }
  });
});
