// Puzzle widget figures, measured in headless Chromium (printed, not asserted):
//   - time from `show` to a drawn, slidable puzzle with a generated picture at device scale 3 (median);
//   - React commits per pointer move, and canvas drawing calls while dragging;
//   - work per pointer move (median), alone and with the style and layout it causes;
//   - the widget chunk's size, JS + CSS, gzip.
// The functions handed to page.evaluate and addInitScript run in the page.
import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { benchContext } from './browser-context';
import { chunkSize, withPlayground } from './captcha-page';
import { median } from '../common/stats';

const SHOWS = 40;
const MOVES = 200;
const BATCHES = 60;
const BATCH = 25;

/** Counts React commits through the DevTools hook, which React calls in production builds too. */
function countCommits() {
  window.benchCommits = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onCommitFiberRoot: () => {
      window.benchCommits += 1;
    },
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    checkDCE: () => {},
  };
  window.benchDraws = 0;
  const proto = CanvasRenderingContext2D.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['drawImage', 'fill', 'fillRect', 'stroke', 'clearRect', 'putImageData']) {
    const original = proto[name]!;
    proto[name] = function counted(this: CanvasRenderingContext2D, ...args: unknown[]) {
      window.benchDraws += 1;
      return original.apply(this, args);
    };
  }
}

/** From the `show` update to the widget reporting `ready`: React render, picture, piece and gap drawn. */
async function showToReady(page: Page) {
  const times: number[] = [];
  const commits: number[] = [];
  for (let i = 0; i < SHOWS + 3; i += 1) {
    const { ready, commitCount } = await page.evaluate(
      () =>
        new Promise<{ ready: number; commitCount: number }>((done) => {
          const commitsBefore = window.benchCommits;
          const start = performance.now();
          const observer = new MutationObserver(() => {
            if (document.querySelector('.pcap[data-state="ready"]')) {
              observer.disconnect();
              done({ ready: performance.now() - start, commitCount: window.benchCommits - commitsBefore });
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
          window.playground.setShow(true);
        }),
    );
    if (i >= 3) {
      times.push(ready);
      commits.push(commitCount);
    }
    await page.evaluate(() => window.playground.setShow(false));
    await page.waitForTimeout(30);
  }
  return { ready: median(times), commits: median(commits) };
}

async function dragFigures(page: Page) {
  const grip = await page.getByRole('slider').boundingBox();
  if (!grip) throw new Error('the slider is not on the page');
  const y = grip.y + grip.height / 2;
  const x = grip.x + grip.width / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 2, y);
  const before = await page.evaluate(() => ({ commits: window.benchCommits, draws: window.benchDraws }));
  for (let i = 1; i <= MOVES; i += 1) await page.mouse.move(x + 2 + (i % 150), y + (i % 7));
  const after = await page.evaluate(() => ({ commits: window.benchCommits, draws: window.benchDraws }));

  // Work per move: batches of moves dispatched to the captured track, timed together for precision.
  const work = await page.evaluate(
    ({ batches, batch }) => {
      const track = document.querySelector('.pcap-track')!;
      const piece = document.querySelector('.pcap-piece')!;
      const left = track.getBoundingClientRect().left;
      const run = (withLayout: boolean) => {
        const perMove: number[] = [];
        for (let b = 0; b < batches; b += 1) {
          const start = performance.now();
          for (let i = 0; i < batch; i += 1) {
            track.dispatchEvent(
              new PointerEvent('pointermove', {
                pointerId: 1,
                pointerType: 'mouse',
                clientX: left + 40 + ((b * batch + i) % 180),
                bubbles: true,
              }),
            );
            if (withLayout) piece.getBoundingClientRect(); // forces the style and layout the move caused
          }
          perMove.push((performance.now() - start) / batch);
        }
        return perMove;
      };
      run(false); // warm up
      return { handler: run(false), withLayout: run(true) };
    },
    { batches: BATCHES, batch: BATCH },
  );
  await page.mouse.up();
  return {
    commitsPerMove: (after.commits - before.commits) / MOVES,
    drawsWhileDragging: after.draws - before.draws,
    handlerMs: median(work.handler),
    withLayoutMs: median(work.withLayout),
  };
}

async function main() {
  await withPlayground('captcha', async ({ browser, url, scratch }) => {
    const size = await chunkSize(join(scratch, 'chunk'));
    const context = await benchContext(browser, {
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      hasTouch: true,
      isMobile: true,
    });
    await context.addInitScript(countCommits);
    const page = await context.newPage();
    await page.goto(`${url}?type=modal`);
    const show = await showToReady(page);
    await page.evaluate(() => window.playground.setShow(true));
    await page.locator('.pcap[data-state="ready"]').waitFor();
    await page.waitForTimeout(300); // let the opening animation end
    const drag = await dragFigures(page);
    await context.close();

    const rows: [string, string, string][] = [
      ['show -> drawn, slidable puzzle (DPR 3, median)', `${show.ready.toFixed(2)} ms`, 'target <= 15 ms'],
      ['React commits per show (counter check)', String(show.commits), ''],
      ['React commits per pointer move', drag.commitsPerMove.toFixed(3), 'target 0'],
      ['canvas drawing calls while dragging', String(drag.drawsWhileDragging), 'target 0'],
      ['work per pointer move (median)', `${drag.handlerMs.toFixed(4)} ms`, 'target < 0.2 ms'],
      ['  ... with the style and layout it causes', `${drag.withLayoutMs.toFixed(4)} ms`, ''],
      [
        'widget chunk, gzip (JS + CSS)',
        `${(size.js + size.css).toFixed(2)} KB (${size.js.toFixed(2)} + ${size.css.toFixed(2)}; server mode adds ${size.serverLater.toFixed(2)} later)`,
        'target <= 10 KB',
      ],
    ];
    if (show.commits === 0) throw new Error('the React commit counter saw nothing: the figures below would be void');
    console.log('[bench:captcha] puzzle widget, headless Chromium');
    for (const [name, value, target] of rows) console.log(`  ${name.padEnd(48)} ${value.padEnd(26)} ${target}`);
  });
}

await main();
