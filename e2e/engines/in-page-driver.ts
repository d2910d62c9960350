import { writeFile } from 'node:fs/promises';
import { until, type Box, type ByRole, type Driver, type Engine, type Key, type Point } from './driver';
import { findInPage, type Query } from './in-page';

/** An expression that finds the element for the query in the page and hands it (or null) to the reader. */
function readElement(query: Query, reader: (element: HTMLElement | null) => unknown): string {
  return `(${reader.toString()})((${findInPage.toString()})(${JSON.stringify(query)}))`;
}

/**
 * The part of a driver that is the same over WebDriver classic and WebDriver BiDi: finding by role and label in
 * the page (in-page.ts), reading text and boxes, waiting for hydration. Each protocol supplies the rest.
 */
export abstract class InPageDriver implements Driver {
  readonly touch = false;
  abstract readonly engine: Engine;

  constructor(protected readonly baseURL: string) {}

  /** Evaluates a JavaScript expression in the page and returns its JSON value. */
  protected abstract expression<R>(source: string): Promise<R>;
  protected abstract navigate(url: string): Promise<void>;
  protected abstract clickFound(query: Query): Promise<void>;
  protected abstract typeInto(query: Query, text: string): Promise<void>;
  abstract press(key: Key): Promise<void>;
  abstract drag(points: Point[], stepMs: number): Promise<void>;
  protected abstract png(): Promise<Uint8Array>;
  abstract pageErrors(): Promise<string[]>;
  abstract close(): Promise<void>;

  async goto(pathOrUrl: string) {
    await this.navigate(new URL(pathOrUrl, this.baseURL).href);
    await until(() => this.evaluate(() => document.documentElement.hasAttribute('data-hydrated')), `${pathOrUrl} hydrated`);
  }

  /** Waits until the query finds a visible element (as Playwright's locators do before acting). */
  protected async found(query: Query) {
    await until(() => this.expression<boolean>(readElement(query, (element) => element !== null)), `${JSON.stringify(query)} shown`);
    return query;
  }

  async click(target: ByRole) {
    await this.clickFound(await this.found(target));
  }

  async fill(label: string, text: string) {
    await this.typeInto(await this.found({ label }), text);
  }

  text(target: ByRole) {
    return this.expression<string | null>(readElement(target, (element) => (element ? element.innerText : null)));
  }

  box(selector: string) {
    return this.expression<Box | null>(
      readElement({ css: selector }, (element) => {
        if (!element) return null;
        const { x, y, width, height } = element.getBoundingClientRect();
        return { x, y, width, height };
      }),
    );
  }

  evaluate<R, A = undefined>(fn: (arg: A) => R, arg?: A): Promise<R> {
    return this.expression<R>(`(${fn.toString()})(${JSON.stringify(arg ?? null)})`);
  }

  async screenshot(path: string) {
    await writeFile(path, await this.png());
  }
}
