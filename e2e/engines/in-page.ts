// Functions the WebDriver drivers run inside the page (serialised with toString, so each is self-contained).
// Playwright finds by role itself; these cover the few roles and names the journeys use.

/** What to find: an element by role and accessible name, a field by its label's text, or a CSS selector. */
export interface Query {
  role?: string;
  name?: string;
  label?: string;
  css?: string;
}

/** The visible element with this role and accessible name (exact, whitespace collapsed), or a field by its label. */
export function findInPage(query: Query): Element | null {
  const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const visible = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const byIds = (ids: string) =>
    ids
      .split(/\s+/)
      .map((id) => clean(document.getElementById(id)?.textContent))
      .join(' ');
  const nameOf = (element: Element) => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) return clean(byIds(labelledBy));
    const label = element.getAttribute('aria-label');
    if (label) return clean(label);
    return clean(element.textContent);
  };
  if (query.css) return [...document.querySelectorAll(query.css)].find(visible) ?? null;
  if (query.label) {
    const label = [...document.querySelectorAll('label')].find((each) => clean(each.textContent) === query.label);
    const field = label?.htmlFor ? document.getElementById(label.htmlFor) : label?.querySelector('input, textarea, select');
    return field ?? document.querySelector(`[aria-label="${CSS.escape(query.label)}"]`);
  }
  const selectors: Record<string, string> = {
    button: 'button, [role="button"]',
    dialog: 'dialog, [role="dialog"], [role="alertdialog"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    link: 'a[href], [role="link"]',
    slider: '[role="slider"], input[type="range"]',
    status: '[role="status"], output',
  };
  const candidates = [...document.querySelectorAll(selectors[query.role ?? ''] ?? '*')].filter(visible);
  return candidates.find((element) => query.name === undefined || nameOf(element) === query.name) ?? null;
}

/**
 * Records the page's uncaught errors, rejected promises and console errors in window.__engineErrors. WebDriver
 * classic has no script that runs before the page's own, so WebKit's driver installs this right after load.
 */
export function recordErrorsInPage() {
  const page = window as unknown as { __engineErrors?: string[] };
  if (page.__engineErrors) return;
  const errors: string[] = [];
  page.__engineErrors = errors;
  window.addEventListener('error', (event) => errors.push(String(event.message)));
  window.addEventListener('unhandledrejection', (event) => errors.push(String(event.reason)));
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    errors.push(args.map(String).join(' '));
    consoleError(...args);
  };
}
