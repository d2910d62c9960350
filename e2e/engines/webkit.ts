import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { MINIBROWSER_PATH, WEBKIT_DRIVER_PATH, XVFB_PATH } from '../../scripts/ensure-webkit';
import { freePort } from '../../scripts/free-port';
import { until, type Key, type Point } from './driver';
import { findInPage, recordErrorsInPage, type Query } from './in-page';
import { InPageDriver } from './in-page-driver';
import { WebDriverSession, type Action, type ElementRef } from './webdriver-client';

/** W3C WebDriver's code points for the keys the journeys press. */
const KEY_CODES = { Home: '\uE011', ArrowRight: '\uE014', Enter: '\uE007', Tab: '\uE004', Escape: '\uE00C', Shift: '\uE008' };

/** An X display (Xvfb) and WebKitGTK's WebDriver on it, shared by the tests of one worker. */
export interface WebKitHost {
  server: string;
  stop(): Promise<void>;
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

export async function startWebKitHost(): Promise<WebKitHost> {
  // -displayfd: Xvfb picks a free display number and writes it on this pipe once it accepts clients.
  const xvfb = spawn(XVFB_PATH, ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [display] = (await once(xvfb.stdout!, 'data')) as [Buffer];
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`], {
    env: { ...process.env, DISPLAY: `:${display.toString().trim()}` },
    stdio: 'ignore',
  });
  const server = `http://127.0.0.1:${port}`;
  const ready = () =>
    fetch(`${server}/status`).then(
      (response) => response.ok,
      () => false,
    );
  await until(ready, 'WebKitWebDriver listening', 15_000);
  return {
    server,
    async stop() {
      await stopProcess(driver);
      await stopProcess(xvfb);
    },
  };
}

/** WebKit (MiniBrowser, WebKitGTK) driven over W3C WebDriver classic; one session per test. */
export class WebKitDriver extends InPageDriver {
  readonly engine = 'webkit';

  private constructor(
    private readonly session: WebDriverSession,
    baseURL: string,
  ) {
    super(baseURL);
  }

  /** A new MiniBrowser whose viewport is width x height CSS pixels (full screen: no toolbar in the way). */
  static async open(host: WebKitHost, baseURL: string, width: number, height: number) {
    const session = await WebDriverSession.open(host.server, {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation', '--full-screen'] },
    });
    await session.setWindowRect(width, height);
    const driver = new WebKitDriver(session, baseURL);
    const viewport = await session.execute<number[]>('() => [innerWidth, innerHeight]');
    if (viewport[0] !== width) throw new Error(`MiniBrowser's viewport is ${viewport.join('x')}, not ${width}x${height}`);
    return driver;
  }

  protected expression<R>(source: string) {
    return this.session.execute<R>(`() => ${source}`);
  }

  protected async navigate(url: string) {
    await this.session.navigate(url);
    await this.session.execute(recordErrorsInPage.toString());
  }

  private element(query: Query) {
    return this.session.execute<ElementRef>(findInPage.toString(), [query]);
  }

  protected async clickFound(query: Query) {
    await this.session.click(await this.element(query));
  }

  protected async typeInto(query: Query, text: string) {
    const field = await this.element(query);
    await this.session.click(field);
    await this.session.sendKeys(field, text);
  }

  async press(key: Key) {
    const keys = key.split('+').map((name) => KEY_CODES[name as keyof typeof KEY_CODES]);
    const actions: Action[] = [
      ...keys.map((value): Action => ({ type: 'keyDown', value })),
      ...keys.reverse().map((value): Action => ({ type: 'keyUp', value })),
    ];
    await this.session.perform({ type: 'key' }, actions);
  }

  async drag(points: Point[], stepMs: number) {
    const at = ({ x, y }: Point) => ({ x: Math.round(x), y: Math.round(y), origin: 'viewport' as const });
    const [first, ...rest] = points;
    const actions: Action[] = [
      { type: 'pointerMove', ...at(first!), duration: 0 },
      { type: 'pointerDown', button: 0 },
      ...rest.map((point): Action => ({ type: 'pointerMove', ...at(point), duration: stepMs })),
      { type: 'pointerUp', button: 0 },
    ];
    await this.session.perform({ type: 'pointer', pointerType: 'mouse' }, actions);
  }

  protected png() {
    return this.session.screenshot();
  }

  pageErrors() {
    return this.session.execute<string[]>('() => window.__engineErrors ?? []');
  }

  async close() {
    await this.session.close();
  }
}
