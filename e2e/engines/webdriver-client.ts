// A W3C WebDriver (classic) client over fetch: the dozen commands the journeys need, nothing more
// (docs/decisions/journeys-in-webkit-and-firefox.md says why this and not WebdriverIO or selenium-webdriver).

/** The key under which W3C WebDriver returns and takes element references. */
export const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

export interface ElementRef {
  [ELEMENT_KEY]: string;
}

/** One pointer or key action of the Actions API (https://www.w3.org/TR/webdriver2/#actions). */
export type Action =
  | { type: 'pause'; duration: number }
  | { type: 'pointerMove'; x: number; y: number; duration?: number; origin?: 'viewport' }
  | { type: 'pointerDown' | 'pointerUp'; button: number }
  | { type: 'keyDown' | 'keyUp'; value: string };

export class WebDriverSession {
  private constructor(
    private readonly base: string,
    readonly id: string,
  ) {}

  /** Opens a session on a WebDriver server (e.g. http://127.0.0.1:4444) with these capabilities. */
  static async open(server: string, capabilities: Record<string, unknown>): Promise<WebDriverSession> {
    const value = await call<{ sessionId: string }>('POST', `${server}/session`, { capabilities: { alwaysMatch: capabilities } });
    return new WebDriverSession(server, value.sessionId);
  }

  command<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return call<T>(method, `${this.base}/session/${this.id}${path}`, body ?? (method === 'POST' ? {} : undefined));
  }

  navigate(url: string) {
    return this.command('POST', '/url', { url });
  }

  /** Runs a function's source in the page with the given arguments (element references become elements). */
  execute<T>(fn: string, args: unknown[] = []): Promise<T> {
    return this.command<T>('POST', '/execute/sync', { script: `return (${fn}).apply(null, arguments)`, args });
  }

  setWindowRect(width: number, height: number) {
    return this.command('POST', '/window/rect', { width, height });
  }

  click(element: ElementRef) {
    return this.command('POST', `/element/${element[ELEMENT_KEY]}/click`);
  }

  sendKeys(element: ElementRef, text: string) {
    return this.command('POST', `/element/${element[ELEMENT_KEY]}/value`, { text });
  }

  /** Performs one input source's actions, then releases everything held. */
  async perform(source: { type: 'pointer' | 'key'; pointerType?: 'mouse' }, actions: Action[]) {
    const { type, pointerType } = source;
    const input = { type, id: `${type}1`, ...(pointerType ? { parameters: { pointerType } } : {}), actions };
    await this.command('POST', '/actions', { actions: [input] });
    await this.command('DELETE', '/actions');
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.command<string>('GET', '/screenshot'), 'base64');
  }

  close() {
    return call('DELETE', `${this.base}/session/${this.id}`);
  }
}

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json()) as { value: T & { error?: string; message?: string } };
  if (!response.ok) {
    const { error, message } = payload.value;
    throw new Error(`WebDriver ${method} ${new URL(url).pathname}: ${error ?? response.status} ${message ?? ''}`.trim());
  }
  return payload.value;
}
