// The gateway's core (packages/gateway/src/core/: its rules, its flows and the ports they need) imports no
// adapter: nothing from http/ (requests, replies), stores/ (libsql, Redis) or drawing/ (canvas, threads). The
// stores implement the ports declared in core/ports.ts; the routes call the flows and send what they answer.
// Production files only: a test may play a flow against a real store.
import { importGraph, isProduction, sourceFiles } from './source-imports';

const GATEWAY = 'packages/gateway/src/';
const ADAPTERS = ['http/', 'stores/', 'drawing/'].map((folder) => `${GATEWAY}${folder}`);

/** The imports from core/ into an adapter's folder, as `from -> to`. */
const coreIntoAdapters = (graph: Map<string, string[]>) =>
  [...graph].flatMap(([from, targets]) =>
    from.startsWith(`${GATEWAY}core/`)
      ? targets.filter((to) => ADAPTERS.some((a) => to.startsWith(a))).map((to) => `${from} -> ${to}`)
      : [],
  );

describe("the gateway's core", () => {
  it('is read as reaching an adapter when one of its files imports from http/, stores/ or drawing/', () => {
    const graph = new Map([
      [`${GATEWAY}core/flows/gate.ts`, [`${GATEWAY}http/answers.ts`, `${GATEWAY}core/ports.ts`]],
      [`${GATEWAY}core/ports.ts`, []],
      [`${GATEWAY}stores/redis-store.ts`, [`${GATEWAY}core/ports.ts`]],
    ]);
    expect(coreIntoAdapters(graph)).toEqual([`${GATEWAY}core/flows/gate.ts -> ${GATEWAY}http/answers.ts`]);
  });

  it('imports nothing from http/, stores/ or drawing/', { timeout: 60_000 }, () => {
    const graph = importGraph(sourceFiles().filter((path) => path.startsWith(GATEWAY) && isProduction(path)));
    expect([...graph.keys()].filter((path) => path.startsWith(`${GATEWAY}core/`)).length).toBeGreaterThan(20);
    expect(coreIntoAdapters(graph)).toEqual([]);
  });
});
