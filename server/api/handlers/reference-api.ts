import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AnswerSchema } from '@game-register/gateway/answers';
import { API_CALLS } from '../reading/calls';
import { readingOf } from '../reading/reading';
import { hashPassword } from '../../db/password';
import {
  checkTelAnswer,
  checkUserAnswer,
  overLongParam,
  registeredAnswer,
  registrationRejection,
  takenAnswer,
  type Params,
} from './reference-rules';

/** The response schema is also the list of the only fields ever serialised. */
const answering = { schema: { response: { 200: AnswerSchema } } };

/**
 * The fields the /api pipeline left on the request's reading (read once; reg's code a listed one, its pass
 * token spent and dropped): every string the call reads, nothing else. The pipeline refuses a request without one.
 */
const queryOf = (request: FastifyRequest): Readonly<Record<string, string>> => readingOf(request)!.query;

/** A check's params as the reading read them: the query's, else the body's (JSON or form). */
function checkParamsOf(request: FastifyRequest): Params {
  const reading = readingOf(request)!;
  const body = (reading.body ?? {}) as Params;
  return { param: reading.query.param ?? body.param, name: reading.query.name ?? body.name };
}

/** The reference implementation of the game backend's three calls (docs/behaviour.md, "The server's reference API"). */
export default async function referenceApi(fastify: FastifyInstance) {
  fastify.post('/Index/checkuser', answering, async (request) => {
    const { param, name } = checkParamsOf(request);
    return overLongParam({ param, name }, { param: '用户名' }) ?? checkUserAnswer(param, fastify.accounts);
  });

  fastify.post('/Index/checktel', answering, async (request) => {
    const { param, name } = checkParamsOf(request);
    return overLongParam({ param, name }, { param: '手机号' }) ?? checkTelAnswer(param, fastify.accounts);
  });

  fastify.post('/Index/reg', answering, async (request) => {
    const read = queryOf(request);
    // reg's fields in the app's order: the one reading's list (server/api/reading/calls.ts).
    const fields: Params = Object.fromEntries(API_CALLS.reg.query.map((field) => [field, read[field]]));
    const rejection = registrationRejection(fields, fastify.accounts);
    if (rejection) return rejection;
    const result = fastify.accounts.create({
      name: fields.name!,
      mobile: fields.mobile!,
      passwordHash: await hashPassword(fields.Password!),
      channelCode: fields.code ?? '',
      wash: fields.wash ?? '',
      washType: fields.washType ?? '',
      qq: fields.QQ ?? '',
    });
    return result === 'created' ? registeredAnswer() : takenAnswer(result);
  });
}
