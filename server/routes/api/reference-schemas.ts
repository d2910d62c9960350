// The reference API's bodies as TypeBox schemas, their types derived: one definition for validation,
// serialisation and the handlers' types.
import { Type, type Static } from 'typebox';
import { API_CALLS } from '../../api-reading/calls';

/** checkuser/checktel take their value as `param` (and the field's name as `name`), in the query or the body. */
export const CheckParamsSchema = Type.Object({ param: Type.Optional(Type.String()), name: Type.Optional(Type.String()) });
export type CheckParams = Static<typeof CheckParamsSchema>;

/** reg's fields, in the app's order: the one reading's list (server/api-reading/calls.ts). */
export const REGISTRATION_FIELDS = API_CALLS.reg.query;
/** reg's fields, all in the query and all optional for the schema: the rules name what is missing. */
export const RegistrationQuerySchema = Type.Object({
  name: Type.Optional(Type.String()),
  Password: Type.Optional(Type.String()),
  rePassword: Type.Optional(Type.String()),
  wash: Type.Optional(Type.String()),
  washType: Type.Optional(Type.String()),
  code: Type.Optional(Type.String()),
  mobile: Type.Optional(Type.String()),
  QQ: Type.Optional(Type.String()),
  islogin: Type.Optional(Type.String()),
});
export type RegistrationQuery = Static<typeof RegistrationQuerySchema>;
