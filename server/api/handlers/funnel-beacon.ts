import type { FastifyInstance } from 'fastify';
import { readingOf } from '../reading/reading';
import { channelLabel } from '../../channels/rules';
import type { ChannelSettingsGetter } from '../../channels/site-channels';
import type { PuzzleStep } from '../../metrics/answers';
import type { Metrics } from '../../metrics/contract';
import { openingLabels } from '../../metrics/difficulty';
import { errorAnswer } from '@game-register/gateway/answers';
import { pathUnderBase } from '@game-register/api-wire';

/**
 * The app's beacon path: `POST /api/funnel?step=shown|passed&c=<channel>&lv=<level>&pic=<picture>`, answered here
 * in every mode (`lv` and `pic`: the opening's first puzzle's, strict mode; `pic=browser` alone: the default mode).
 */
export const FUNNEL_BEACON_PATH = pathUnderBase('funnel');

const STEPS: ReadonlySet<string> = new Set<PuzzleStep>(['shown', 'passed']);

/**
 * The puzzle's steps, told by the app (in the default mode only the browser sees the puzzle): answered by
 * this server, never proxied, with 204 and no body. Registered before the proxy's wildcard, which it beats.
 */
export default async function funnelBeacon(
  fastify: FastifyInstance,
  { channels, metrics }: { channels: ChannelSettingsGetter; metrics: Metrics },
) {
  fastify.post(FUNNEL_BEACON_PATH, async (request, reply) => {
    // The beacon's fields as the reading read them (each once, a string): the pipeline refuses a request without one.
    const { step, c, lv, pic } = readingOf(request)!.query;
    if (step === undefined || !STEPS.has(step)) return reply.code(400).send(errorAnswer(400));
    // The level and picture of the opening's first puzzle: a listed pair or `unknown`, never a 400 (a beacon).
    metrics.puzzleStep(step as PuzzleStep, channelLabel(c, channels()), openingLabels(lv, pic));
    return reply.code(204).send();
  });
}
