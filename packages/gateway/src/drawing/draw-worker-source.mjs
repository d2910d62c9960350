// The draw thread when the server runs from its TypeScript sources (tests): tsx loads draw-worker.ts.
// The built server starts build/server/draw-worker.js instead.
import { tsImport } from 'tsx/esm/api';

const { default: drawTask } = await tsImport('./draw-worker.ts', import.meta.url);
export default drawTask;
