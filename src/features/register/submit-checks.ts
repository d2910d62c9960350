import { TEXT } from './texts';

export interface RegisterValues {
  name: string;
  password: string;
  rePassword: string;
  mobile: string;
}

/** A server check's outcome: `y`, `n` with the server's text, or no verdict (network, timeout, garbage). */
export type Verdict = { status: 'y' } | { status: 'n'; info: string } | { status: 'error' };

export type Field = keyof RegisterValues;

export type SubmitOutcome = { ok: true } | { ok: false; message: string; field: Field };

export interface SubmitContext {
  values: RegisterValues;
  passwordValid: boolean;
  phoneValid: boolean;
  /** Waits for the username check in flight for this value, or runs one. */
  usernameVerdict: () => Promise<Verdict>;
  /** Runs the phone check (the caller shows the loading toast). */
  phoneVerdict: () => Promise<Verdict>;
}

/** Step 1: the first empty field's message, in display order. */
export function firstEmptyField(values: RegisterValues): { field: Field; message: string } | null {
  if (values.name === '') return { field: 'name', message: TEXT.errors.nameEmpty };
  if (values.password === '') return { field: 'password', message: TEXT.errors.passwordEmpty };
  if (values.rePassword === '') return { field: 'rePassword', message: TEXT.errors.passwordEmpty };
  if (values.mobile === '') return { field: 'mobile', message: TEXT.errors.mobileEmpty };
  return null;
}

/** The repeat field's rule: null while either is empty, else whether the two match. */
export function passwordsMatch(password: string, rePassword: string): boolean | null {
  if (password === '' || rePassword === '') return null;
  return password === rePassword;
}

/** What `立即注册` checks, in the order of docs/behaviour.md, stopping at the first failure. */
export async function runSubmitChecks(context: SubmitContext): Promise<SubmitOutcome> {
  const { values } = context;
  const empty = firstEmptyField(values);
  if (empty) return { ok: false, ...empty };

  const user = await context.usernameVerdict();
  if (user.status === 'n') return { ok: false, field: 'name', message: TEXT.errors.nameTaken };
  if (user.status === 'error') return { ok: false, field: 'name', message: TEXT.errors.nameUnverified };

  if (!context.passwordValid) {
    const match = passwordsMatch(values.password, values.rePassword);
    if (match === false) return { ok: false, field: 'rePassword', message: TEXT.errors.passwordMismatch };
    if (match === null) return { ok: false, field: 'password', message: TEXT.errors.passwordUnverified };
  }

  if (!context.phoneValid) {
    const phone = await context.phoneVerdict();
    if (phone.status === 'n') return { ok: false, field: 'mobile', message: phone.info || TEXT.errors.mobileRejected };
    if (phone.status === 'error') return { ok: false, field: 'mobile', message: TEXT.errors.network };
  }
  return { ok: true };
}
