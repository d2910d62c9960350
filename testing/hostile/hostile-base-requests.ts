import * as m from './hostile-mutations';
import type { RawRequest, RequestParts } from './hostile-mutations';

// The app's three calls exactly as it sends them: the base of every hostile spelling (hostile-spellings.ts).
export type AppCall = 'checkuser' | 'checktel' | 'reg';

export interface HostileSpelling extends RawRequest {
  /** What the spelling does, unique in the list. */
  name: string;
  /** The app's request it is derived from. */
  base: AppCall;
}

/** The fields the corpus registers with: plain values that the app's encoding leaves as they are. */
export const APP_FIELDS = { name: 'player01', password: 'Secret-pass1', mobile: '13800138000', code: 'H5REG' } as const;
/** A channel code no deployment lists. */
export const UNLISTED_CODE = 'EVIL';

/** The fields of each call in the order the app sends them (src/api/register-account.ts, check-*.ts). */
export function appFields(
  call: AppCall,
  { code = APP_FIELDS.code, captchaToken }: { code?: string; captchaToken?: string } = {},
): [string, string][] {
  if (call === 'checkuser')
    return [
      ['param', APP_FIELDS.name],
      ['name', 'name'],
    ];
  if (call === 'checktel')
    return [
      ['param', APP_FIELDS.mobile],
      ['name', 'mobile'],
    ];
  const { name, password, mobile } = APP_FIELDS;
  const fields: [string, string][] = [
    ['name', name],
    ['Password', password],
    ['rePassword', password],
    ['wash', '1'],
    ['washType', '2'],
    ['code', code],
    ['mobile', mobile],
    ['QQ', ''],
    ['islogin', 'true'],
  ];
  return captchaToken === undefined ? fields : [...fields, ['captchaToken', captchaToken]];
}

const PATHS: Record<AppCall, string> = { checkuser: '/api/Index/checkuser', checktel: '/api/Index/checktel', reg: '/api/Index/reg' };

/**
 * One of the app's requests as src/lib/http-client.ts sends it: POST, every query name and value through
 * encodeURIComponent, `Accept: application/json` and the visit's `X-Channel`; the checks carry the same
 * fields as a JSON body, reg has no body (a browser then sends `Content-Length: 0`).
 */
export function appRequestParts(call: AppCall, options: { code?: string; captchaToken?: string } = {}): RequestParts {
  const fields = appFields(call, options);
  const headers: [string, string][] = [
    ['User-Agent', 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36'],
    ['Accept', 'application/json'],
    ['Accept-Language', 'zh-CN,zh;q=0.9'],
    ['X-Channel', options.code ?? APP_FIELDS.code],
  ];
  const query = fields.map(([name, value]) => [encodeURIComponent(name), encodeURIComponent(value)] as const);
  if (call === 'reg')
    return { method: 'POST', path: PATHS[call], query, tail: '', headers: [...headers, ['Content-Length', '0']], body: '' };
  const body = JSON.stringify(Object.fromEntries(fields));
  return { method: 'POST', path: PATHS[call], query, tail: '', headers: [...headers, ['Content-Type', 'application/json']], body };
}

export const appRequest = (call: AppCall, options?: { code?: string; captchaToken?: string }): RawRequest =>
  m.toRawRequest(appRequestParts(call, options));
