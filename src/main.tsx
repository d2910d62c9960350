import './styles/global.css';
import { config } from './config/env';
import { startVisitChannel } from './lib/visit-channel';
import { keepLanding } from './lib/landing';

// The address the page was loaded at, before the app's router changes it: an ad link's channel (?c=CH7),
// and the address itself, whose platform click id (?gdt_vid=…) the app keeps once it has loaded
// (src/lib/visit-ad-click.ts: its rules stay out of this first script).
const visitChannel = startVisitChannel(config.channel);
keepLanding();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// The app never submits a form natively: a tap on 立即注册 before hydration must not reload the page.
document.addEventListener('submit', (event) => event.preventDefault(), true);

/**
 * Runs `task` once the prerendered page is on the screen: when the browser reports its first contentful
 * paint (a frame callback alone can run before the frame is presented). At once in a hidden tab, which
 * paints nothing; after two frames where paint timing is missing; and never later than `limitMs`.
 */
function afterFirstPaint(task: () => void, limitMs = 3000) {
  if (document.visibilityState === 'hidden') return task();
  const paintTiming = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    task();
  };
  const observer = paintTiming
    ? new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) run();
      })
    : undefined;
  setTimeout(run, limitMs);
  if (observer) observer.observe({ type: 'paint', buffered: true });
  else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run, 0)));
}

/** Starts fetching, all at once, the chunks a prerendered page lists as the ones that hydrate it. */
function fetchPageChunks() {
  const list = document.querySelector<HTMLMetaElement>('meta[name="app-chunks"]')?.content ?? '';
  for (const href of list.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

const start = () => {
  fetchPageChunks();
  // Evaluating the app chunk is one task and hydrating it another: a phone's main thread gets a breath between.
  void import('./lib/visit-ad-click').then(({ startVisitAdClick }) => startVisitAdClick(visitChannel));
  void import('./app/hydrate').then(({ mountApp }) => setTimeout(() => mountApp(container), 0));
};

// A prerendered page is the whole first screen; the app only makes it interactive, so it is fetched once
// that screen is painted: on a fast link its scripts never run ahead of the paint, on a slow one they never
// take bandwidth from the page. The page's own chunks are fetched in parallel, not one after another.
// The bare index.html (unknown paths) has nothing to paint and starts at once.
if (container.firstElementChild) afterFirstPaint(start);
else start();
