// Shared by the server-mode component tests: the server's challenge as a fixture, and the fakes a jsdom page
// needs to show it (fake timers, no 2D context, pictures that load 5 ms after their src is set).
import { act } from '@testing-library/react';
import { loadServerMode } from '../src/react/use-puzzle-session';
import { stubImages } from './fake-images';
import type { ServerChallenge } from '../src/index';

export const SERVER_CHALLENGE: ServerChallenge = {
  id: 'c1',
  background: 'data:image/webp;base64,AAAA',
  piece: 'data:image/webp;base64,BBBB',
  pieceY: 40,
  width: 310,
  height: 160,
  pieceSize: 59,
  expiresAt: 0,
};

/** Registers the hooks: server mode's chunk fetched once before the fake timers, the fakes set and undone per test. */
export function withServerModeFakes() {
  // Server mode is a chunk of its own, fetched once per page (an app preloads it by rendering the hidden widget):
  // fetched here before the fake timers, so each test starts with it in place.
  beforeAll(async () => {
    await loadServerMode();
  });
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    stubImages({ afterMs: 5 });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}

/** Lets pending promises and the fake image loads run. */
export const settle = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(10);
  });
