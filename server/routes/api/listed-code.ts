import type { FastifyReply, FastifyRequest } from 'fastify';
import { rememberChannel } from '../../channels/request-channel';
import { channelLabel, isCodeName, queryValue, withListedCode } from '../../channels/rules';
import type { ChannelSettingsGetter } from '../../channels/settings';
import { errorAnswer } from '../../plugins/error-answers';
import { apiCallOf } from './call-of';

const MAYBE_REG = /reg|%/i;

const hasBody = ({ headers }: FastifyRequest) =>
  headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');

/**
 * onRequest of /api, before every mode (reference API, proxy, strict gate): reg's `code` becomes a listed one,
 * rewritten to the default, never refused (docs/decisions.md). Its label is kept for the funnel first.
 */
export function listedCodeHook(channels: ChannelSettingsGetter) {
  return async function listedCode(request: FastifyRequest) {
    // Only percent-encoding can spell `reg` without the letters: most calls skip the full path check.
    if (!MAYBE_REG.test(request.url.split('?', 1)[0]!) || apiCallOf(request.url) !== 'reg') return;
    const settings = channels();
    const sent = request.raw.url ?? request.url;
    const { url, named } = withListedCode(sent, settings);
    const channel = channelLabel(named, settings);
    rememberChannel(request, channel);
    if (url === sent) return;
    request.log.info({ channel }, 'reg code rewritten to a listed one');
    request.raw.url = url;
    const query = request.query as Record<string, unknown>;
    for (const name of Object.keys(query)) if (isCodeName(name)) delete query[name];
    query.code = queryValue(url, 'code');
  };
}

/**
 * preValidation of /api (after the body limits have answered 413 and 415): a reg with a body is refused. The app
 * never sends one, and a backend that reads form fields as well as the query could find a `code` in it.
 */
export async function regWithoutBody(request: FastifyRequest, reply: FastifyReply) {
  if (apiCallOf(request.url) === 'reg' && hasBody(request)) return reply.code(400).send(errorAnswer(400));
}
