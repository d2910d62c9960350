/**
 * The address a page was loaded at, kept in sessionStorage (a few bytes in the first script) until the app
 * reads its ad click (visit-ad-click.ts, loaded after the first paint): a visitor who follows a link before
 * that still has the landing read on the next page.
 */
const KEY = 'game-register:landing';

/** In the first script: an address with a query is kept; one without leaves an earlier one waiting. */
export function keepLanding(href = window.location.href): void {
  try {
    if (new URL(href).search) window.sessionStorage.setItem(KEY, href);
  } catch {
    // storage refused: the app reads the address it is loaded at instead
  }
}

/** The landing waiting to be read, at most once. */
export function takeLanding(): string | null {
  try {
    const href = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return href;
  } catch {
    return null;
  }
}
