import formbody from '@fastify/formbody';
import type { FastifyInstance, onRequestHookHandler, preValidationHookHandler } from 'fastify';
import { hashPassword } from '../../db/password';
import {
  checkTelAnswer,
  checkUserAnswer,
  overLongParam,
  registeredAnswer,
  registrationRejection,
  takenAnswer,
  type Answer,
  type Params,
} from './reference-rules';

const text = { type: 'string' } as const;
const answerSchema = {
  type: 'object',
  required: ['status', 'info'],
  properties: { status: { type: 'string', enum: ['y', 'n'] }, info: text },
} as const;
const checkParams = { type: 'object', properties: { param: text, name: text } } as const;
const REGISTRATION_FIELDS = ['name', 'Password', 'rePassword', 'wash', 'washType', 'code', 'mobile', 'QQ', 'islogin'] as const;
const registrationQuery = {
  type: 'object',
  properties: Object.fromEntries(REGISTRATION_FIELDS.map((field) => [field, text])),
} as const;

interface CheckRequest {
  Querystring: { param?: string; name?: string };
  Body: { param?: string; name?: string } | undefined;
  Reply: Answer;
}
type RegistrationQuery = Partial<Record<(typeof REGISTRATION_FIELDS)[number], string>>;

// A check may come with its params in the query only; validate a missing body as an empty one.
const absentBodyAsEmpty: preValidationHookHandler = (request, _reply, done) => {
  if (request.body === undefined) request.body = {};
  done();
};

/**
 * A request that declares a content type but sends no body has nothing to parse: the three calls then read the
 * query, as the backend they stand in for does. Dropping the header lets Fastify skip its parsers (which would
 * refuse an empty JSON body with 400, or an unknown type with 415). A non-empty body is still parsed and judged.
 */
const emptyBodyHasNoType: onRequestHookHandler = (request, _reply, done) => {
  const { headers } = request;
  const noBody = headers['transfer-encoding'] === undefined && (headers['content-length'] === undefined || headers['content-length'] === '0');
  if (noBody) delete headers['content-type'];
  done();
};

const checkRoute = { schema: { querystring: checkParams, body: checkParams, response: { 200: answerSchema } }, preValidation: absentBodyAsEmpty };

/** The reference implementation of the game backend's three calls (docs/behaviour.md, "The server's reference API"). */
export default async function referenceApi(fastify: FastifyInstance) {
  await fastify.register(formbody, { bodyLimit: fastify.initialConfig.bodyLimit });
  fastify.addHook('onRequest', emptyBodyHasNoType);

  /** The check's params: the query's, else the body's (JSON or form). */
  const checkParamsOf = ({ query, body }: { query: CheckRequest['Querystring']; body: CheckRequest['Body'] }) => ({
    param: query.param ?? body?.param,
    name: query.name ?? body?.name,
  });

  fastify.post<CheckRequest>('/Index/checkuser', checkRoute, async (request) => {
    const { param, name } = checkParamsOf(request);
    return overLongParam({ param, name }, { param: '用户名' }) ?? checkUserAnswer(param, fastify.accounts);
  });

  fastify.post<CheckRequest>('/Index/checktel', checkRoute, async (request) => {
    const { param, name } = checkParamsOf(request);
    return overLongParam({ param, name }, { param: '手机号' }) ?? checkTelAnswer(param, fastify.accounts);
  });

  fastify.post<{ Querystring: RegistrationQuery; Reply: Answer }>(
    '/Index/reg',
    { schema: { querystring: registrationQuery, response: { 200: answerSchema } } },
    async (request) => {
      const query = request.query;
      const fields: Params = Object.fromEntries(REGISTRATION_FIELDS.map((field) => [field, query[field]]));
      const rejection = registrationRejection(fields, fastify.accounts);
      if (rejection) return rejection;
      const result = fastify.accounts.create({
        name: query.name!,
        mobile: query.mobile!,
        passwordHash: await hashPassword(query.Password!),
        channelCode: query.code ?? '',
        wash: query.wash ?? '',
        washType: query.washType ?? '',
        qq: query.QQ ?? '',
      });
      return result === 'created' ? registeredAnswer() : takenAnswer(result);
    },
  );
}
