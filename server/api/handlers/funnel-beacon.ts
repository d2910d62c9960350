import type { FastifyInstance } from 'fastify';
import { readingOf } from '../reading/reading';
import { channelLabel } from '../../channels/rules';
import type { ChannelSettingsGetter } from '../../channels/site-channels';
import type { PuzzleStep } from '../../metrics/answers';
import type { Metrics } from '../../metrics/contract';
import { errorAnswer } from '@game-register/gateway/answers';

/** The app's beacon path: `POST /api/funnel?step=shown|passed&c=<channel>`, answered here in every mode. */
export const FUNNEL_BEACON_PATH = '/funnel';

const STEPS: ReadonlySet<string> = new Set<PuzzleStep>(['shown', 'passed']);

/**
 * The puzzle's steps, told by the app (in the default mode only the browser sees the puzzle): answered by
 * this server, never proxied, with 204 and no body. Registered before the proxy's wildcard, which it beats.
 */
export default async function funnelBeacon(fastify: FastifyInstance, { channels, metrics }: { channels: ChannelSettingsGetter; metrics: Metrics }) {
  fastify.post(FUNNEL_BEACON_PATH, async (request, reply) => {
    // The beacon's fields as the reading read them (each once, a string): the pipeline refuses a request without one.
    const { step, c } = readingOf(request)!.query;
    if (step === undefined || !STEPS.has(step)) return reply.code(400).send(errorAnswer(400));
    metrics.puzzleStep(step as PuzzleStep, channelLabel(c, channels()));
    return reply.code(204).send();
  });
}
