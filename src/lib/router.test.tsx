import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Link, Navigate, normalizePath, RouteSwitch, StaticRouter } from './router';

function App() {
  return (
    <RouteSwitch
      routes={{
        '/': <Navigate to="/register" />,
        '/register': <Link to="/contact">联系客服</Link>,
        '/contact': <h1>联系我们</h1>,
      }}
      fallback={<Navigate to="/register" />}
    />
  );
}

describe('router', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('normalizes a path: no query, no hash, no trailing slash', () => {
    expect(normalizePath('/contact/?a=1#x')).toBe('/contact');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
  });

  it('replaces / with /register without adding a history entry', () => {
    const before = window.history.length;
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    expect(window.location.pathname).toBe('/register');
    expect(window.history.length).toBe(before);
    expect(screen.getByRole('link', { name: '联系客服' })).toHaveAttribute('href', '/contact');
  });

  it('sends an unknown path to /register', () => {
    window.history.replaceState(null, '', '/nowhere');
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    expect(window.location.pathname).toBe('/register');
  });

  it('follows a plain click on a link in place and comes back with the back button', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/register');
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    await user.click(screen.getByRole('link', { name: '联系客服' }));
    expect(window.location.pathname).toBe('/contact');
    expect(screen.getByRole('heading', { name: '联系我们' })).toBeInTheDocument();
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(screen.getByRole('link', { name: '联系客服' })).toBeInTheDocument();
  });

  it('leaves a modified click (new tab) to the browser', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/register');
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    const link = screen.getByRole('link', { name: '联系客服' });
    let prevented: boolean | undefined;
    link.addEventListener('click', (event) => {
      prevented = event.defaultPrevented;
      event.preventDefault(); // jsdom would otherwise try to navigate
    });
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    expect(prevented).toBe(false);
    expect(window.location.pathname).toBe('/register');
  });

  it('renders a fixed location when prerendering', () => {
    render(
      <StaticRouter location="/contact">
        <App />
      </StaticRouter>,
    );
    expect(screen.getByRole('heading', { name: '联系我们' })).toBeInTheDocument();
  });
});
