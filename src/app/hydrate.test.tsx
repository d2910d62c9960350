import { act } from 'react';
import { renderRoute } from '@/entry-server';
import { mountApp } from './hydrate';

describe('mountApp', () => {
  it('hydrates the register page served at / without a mismatch, the address moved to /register', async () => {
    window.history.replaceState(null, '', '/');
    const container = document.createElement('div');
    container.innerHTML = await renderRoute('/register');
    document.body.append(container);
    const form = container.querySelector('form');
    const problems: unknown[] = [];
    // The prerender ran in this same process: React notes that two renderers saw one context, a test's artefact.
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => {
      if (!String(args[0]).startsWith('Detected multiple renderers')) problems.push(args);
    });
    const onError = (event: ErrorEvent) => problems.push(event.error ?? event.message);
    window.addEventListener('error', onError);
    try {
      await act(async () => mountApp(container));
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(window.location.pathname).toBe('/register');
      expect(form).not.toBeNull();
      expect(container.querySelector('form')).toBe(form); // hydrated in place, not rendered anew
      expect(problems).toEqual([]);
    } finally {
      consoleError.mockRestore();
      window.removeEventListener('error', onError);
      container.remove();
    }
  });
});
