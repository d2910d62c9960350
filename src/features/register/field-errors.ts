import type { Field } from './submit-checks';
import { TEXT } from './texts';

/** The message shown under each field that failed a check (the same text as its toast). */
export type FieldErrors = Readonly<Partial<Record<Field, string>>>;

export const NO_FIELD_ERRORS: FieldErrors = {};

/** The errors without those of `fields`: the same object when none of them had one, so React skips a render. */
export function withoutErrors(errors: FieldErrors, fields: readonly Field[]): FieldErrors {
  if (!fields.some((field) => errors[field] !== undefined)) return errors;
  const next = { ...errors };
  for (const field of fields) delete next[field];
  return next;
}

/** An edit clears the field's own message; 两次密码不一致 is about both passwords, so editing either clears it. */
export function afterEdit(errors: FieldErrors, field: Field): FieldErrors {
  const mismatchToo = field === 'password' && errors.rePassword === TEXT.errors.passwordMismatch;
  return withoutErrors(errors, mismatchToo ? ['password', 'rePassword'] : [field]);
}
