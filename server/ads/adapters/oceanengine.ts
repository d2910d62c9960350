import { createHash, sign, type KeyObject } from 'node:crypto';
import { codeVerdict, type Adapter } from './adapter';

const PATH = '/api/v2/conversion';

/**
 * Ocean Engine's x-rs256-token, as its SDK builds it (bububa/oceanengine, model/request.go CredentialSign):
 * RSA-SHA256 (PKCS#1 v1.5) over "METHOD\npath/\ntimestamp\nbase64(sha256(body))", the path ending in "/",
 * the timestamp in seconds; the header carries the key pair's label, the timestamp and the signature.
 */
export function rs256Token(
  method: string,
  path: string,
  body: string,
  nowSeconds: number,
  privateKey: KeyObject,
  credential: string,
): string {
  const contentHash = createHash('sha256').update(body).digest('base64');
  const toSign = `${method.toUpperCase()}\n${path.endsWith('/') ? path : `${path}/`}\n${nowSeconds}\n${contentHash}`;
  const signature = sign('sha256', Buffer.from(toSign), privateKey).toString('base64');
  return `credential=${credential}&timestamp=${nowSeconds}&signature=${signature}`;
}

/**
 * Ocean Engine (巨量引擎), Conversion API v2: POST /api/v2/conversion, event_type `active_register`, the
 * landing's clickid as context.ad.callback, timestamp in ms. No token (the click id is the capability) and
 * no documented dedupe. Signed when a key is set (鉴权 on: unsigned reports are discarded); X-Debug-Mode: 1
 * in 联调 mode, as the SDK's sandbox sends it.
 */
export const oceanengine: Adapter = {
  build(event, { endpoints, oceanengine: settings }, now) {
    const body = JSON.stringify({
      event_type: 'active_register',
      context: { ad: { callback: event.clickId } },
      timestamp: event.registeredAt,
    });
    const headers: Record<string, string> = {};
    if (settings.signing !== null)
      headers['x-rs256-token'] = rs256Token(
        'POST',
        PATH,
        body,
        Math.floor(now / 1000),
        settings.signing.privateKey,
        settings.signing.credential,
      );
    if (settings.debug) headers['X-Debug-Mode'] = '1';
    return { method: 'POST', url: `${endpoints.oceanengine}${PATH}`, body, headers };
  },
  classify: (status, text) => codeVerdict(status, text),
};
