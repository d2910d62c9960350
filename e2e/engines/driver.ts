/** The browser engines a journey runs in: Chromium through Playwright, WebKit through WebDriver, Firefox through WebDriver BiDi. */
export type Engine = 'chromium' | 'webkit' | 'firefox';

/** The roles the journeys find things by, with their accessible name (exact, whitespace collapsed). */
export type Role = 'button' | 'dialog' | 'heading' | 'link' | 'slider' | 'status';

export interface ByRole {
  role: Role;
  name?: string;
}

export interface Point {
  x: number;
  y: number;
}

export interface Box extends Point {
  width: number;
  height: number;
}

/** Keys as the journeys press them: a key name, optionally with Shift held. */
export type Key = 'Home' | 'ArrowRight' | 'Shift+ArrowRight' | 'Enter' | 'Tab' | 'Escape';

/**
 * What a journey does to a page, the same in every engine. Each engine's driver implements it over its own
 * protocol; a journey written against it runs unchanged in all three.
 */
export interface Driver {
  readonly engine: Engine;
  /** Whether the drag is a touch (Chromium's phone emulation) rather than a mouse. */
  readonly touch: boolean;
  /** Opens a path of the app (or a full URL) and waits until React has hydrated the page. */
  goto(pathOrUrl: string): Promise<void>;
  /** Clicks the one visible element with this role and name, as a pointer would. */
  click(target: ByRole): Promise<void>;
  /** Focuses the input labelled so and types the text into it, key by key. */
  fill(label: string, text: string): Promise<void>;
  /** Presses a key on the focused element. */
  press(key: Key): Promise<void>;
  /** Presses at the first point, moves through the others about stepMs apart, releases at the last. */
  drag(points: Point[], stepMs: number): Promise<void>;
  /** The visible text of the element with this role and name, or null when none is shown. */
  text(target: ByRole): Promise<string | null>;
  /** The box of the first element matching the CSS selector, in CSS pixels of the viewport. */
  box(selector: string): Promise<Box | null>;
  /** Runs a self-contained function in the page with one JSON argument and returns its JSON result. */
  evaluate<R, A = undefined>(fn: (arg: A) => R, arg?: A): Promise<R>;
  /** Writes a PNG of the viewport. */
  screenshot(path: string): Promise<void>;
  /** The uncaught errors and console errors the page has reported since it was opened. */
  pageErrors(): Promise<string[]>;
  /** Ends the session (the browser process stays with its host when other tests share it). */
  close(): Promise<void>;
}

/** Waits until the function returns something truthy, polling; throws with the message after the timeout. */
export async function until<T>(probe: () => Promise<T>, message: string, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms: ${message}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
