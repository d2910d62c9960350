import { reportPuzzleStep } from './funnel';

describe('reportPuzzleStep', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
  });

  it("sends a beacon with the step and the visit's channel, and no body", () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    reportPuzzleStep('shown');
    expect(sendBeacon).toHaveBeenCalledWith('/api/funnel?step=shown&c=H5REG');
  });

  it("adds the opening's level and picture when it has them", () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    reportPuzzleStep('passed', { lv: 0, pic: 'guarded' });
    reportPuzzleStep('shown', { pic: 'browser' });
    expect(sendBeacon.mock.calls).toEqual([
      ['/api/funnel?step=passed&c=H5REG&lv=0&pic=guarded'],
      ['/api/funnel?step=shown&c=H5REG&pic=browser'],
    ]);
  });

  it('costs the visitor nothing when beacons are missing or refused', () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: undefined });
    expect(() => reportPuzzleStep('passed')).not.toThrow();
    vi.stubGlobal('navigator', {
      ...navigator,
      sendBeacon: () => {
        throw new TypeError('refused');
      },
    });
    expect(() => reportPuzzleStep('passed')).not.toThrow();
  });
});
