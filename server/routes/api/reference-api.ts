import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { preValidationHookHandler } from 'fastify';
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
import { AnswerSchema } from '@game-register/gateway/answers';
import { CheckParamsSchema, REGISTRATION_FIELDS, RegistrationQuerySchema, type CheckParams } from './reference-schemas';

// A check may come with its params in the query only; validate a missing body as an empty one.
const absentBodyAsEmpty: preValidationHookHandler = (request, _reply, done) => {
  if (request.body === undefined) request.body = {};
  done();
};

const checkRoute = {
  schema: { querystring: CheckParamsSchema, body: CheckParamsSchema, response: { 200: AnswerSchema } },
  preValidation: absentBodyAsEmpty,
};

/** The reference implementation of the game backend's three calls (docs/behaviour.md, "The server's reference API"). */
const referenceApi: FastifyPluginAsyncTypebox = async (fastify) => {
  /** The check's params, as the one reading read them: the query's, else the body's (JSON or form). */
  const checkParamsOf = ({ query, body }: { query: CheckParams; body: CheckParams | undefined }) => ({
    param: query.param ?? body?.param,
    name: query.name ?? body?.name,
  });

  fastify.post('/Index/checkuser', checkRoute, async (request) => {
    const { param, name } = checkParamsOf(request);
    return overLongParam({ param, name }, { param: '用户名' }) ?? checkUserAnswer(param, fastify.accounts);
  });

  fastify.post('/Index/checktel', checkRoute, async (request) => {
    const { param, name } = checkParamsOf(request);
    return overLongParam({ param, name }, { param: '手机号' }) ?? checkTelAnswer(param, fastify.accounts);
  });

  fastify.post(
    '/Index/reg',
    { schema: { querystring: RegistrationQuerySchema, response: { 200: AnswerSchema } } },
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
};

export default referenceApi;
