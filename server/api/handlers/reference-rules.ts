import type { WireAnswer as Answer } from '@game-register/api-wire';
import type { AccountStore } from '../../db/accounts';

export type Params = Record<string, string | undefined>;

export const MAX_PARAM_LENGTH = 64;
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export const INFO = {
  nameMissing: '请输入用户名',
  nameTaken: '用户名已存在',
  nameFree: '用户名可用',
  mobileMissing: '请输入手机号',
  mobileInvalid: '手机号格式不正确',
  mobileTaken: '该手机号已注册',
  mobileFree: '手机号可用',
  passwordMissing: '请输入密码',
  passwordsDiffer: '两次密码不一致',
  registered: '注册成功',
} as const;

const LABELS: Record<string, string> = {
  name: '用户名',
  Password: '密码',
  rePassword: '确认密码',
  mobile: '手机号',
  code: '渠道码',
};

const yes = (info: string): Answer => ({ status: 'y', info });
const no = (info: string): Answer => ({ status: 'n', info });
const isBlank = (value: string | undefined): value is undefined | '' => value === undefined || value.trim() === '';

/** `n` naming the first parameter longer than 64 characters; labels say what the value means to the visitor. */
export function overLongParam(params: Params, labels: Params = LABELS): Answer | null {
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value.length > MAX_PARAM_LENGTH && [...value].length > MAX_PARAM_LENGTH) {
      return no(`${labels[key] ?? `参数 ${key} `}不能超过${MAX_PARAM_LENGTH}个字符`);
    }
  }
  return null;
}

export function checkUserAnswer(name: string | undefined, accounts: AccountStore): Answer {
  if (isBlank(name)) return no(INFO.nameMissing);
  return accounts.isNameTaken(name) ? no(INFO.nameTaken) : yes(INFO.nameFree);
}

export function checkTelAnswer(mobile: string | undefined, accounts: AccountStore): Answer {
  if (mobile === undefined || !MOBILE_PATTERN.test(mobile)) return no(INFO.mobileInvalid);
  return accounts.isMobileTaken(mobile) ? no(INFO.mobileTaken) : yes(INFO.mobileFree);
}

/** The first reason a registration cannot be stored, in the order the register screen checks; null when it can. */
export function registrationRejection(query: Params, accounts: AccountStore): Answer | null {
  const { name, Password: password, rePassword, mobile } = query;
  const tooLong = overLongParam(query);
  if (tooLong) return tooLong;
  if (isBlank(name)) return no(INFO.nameMissing);
  if (!password || !rePassword) return no(INFO.passwordMissing);
  if (password !== rePassword) return no(INFO.passwordsDiffer);
  if (isBlank(mobile)) return no(INFO.mobileMissing);
  if (!MOBILE_PATTERN.test(mobile)) return no(INFO.mobileInvalid);
  if (accounts.isNameTaken(name)) return no(INFO.nameTaken);
  if (accounts.isMobileTaken(mobile)) return no(INFO.mobileTaken);
  return null;
}

export const registeredAnswer = (): Answer => yes(INFO.registered);
export const takenAnswer = (what: 'name-taken' | 'mobile-taken'): Answer => no(what === 'name-taken' ? INFO.nameTaken : INFO.mobileTaken);
