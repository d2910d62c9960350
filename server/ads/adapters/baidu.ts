import { detailOf, httpVerdict, jsonOf, type Adapter } from './adapter';

/**
 * Baidu oCPC: POST /ocpcapi/api/uploadConvertData with the account's token in the body; the landing URL with
 * bd_vid is the click (logidUrl, at most 1024 characters); outerEventId is the dedupe key.
 */
export const baidu: Adapter = {
  build(event, { endpoints, tokens }) {
    if (tokens.baidu === null) return { kind: 'retry', reason: 'auth' };
    const conversion = { logidUrl: event.landingUrl, newType: event.baiduType, convertTime: Math.floor(event.registeredAt / 1000), outerEventId: event.id };
    return { method: 'POST', url: `${endpoints.baidu}/ocpcapi/api/uploadConvertData`, body: JSON.stringify({ token: tokens.baidu, conversionTypes: [conversion] }) };
  },
  classify(status, text) {
    const http = httpVerdict(status);
    if (http) return http;
    const header = jsonOf(text)?.header as { status?: unknown; desc?: unknown } | undefined;
    if (!header || typeof header.status !== 'number') return { kind: 'retry', reason: 'bad_answer' };
    if (header.status === 0) return { kind: 'done' };
    if (header.status === 3) return { kind: 'retry', reason: 'platform_error' }; // system error: theirs, not ours
    return { kind: 'give_up', reason: 'refused', detail: detailOf(`${header.status} ${detailOf(header.desc)}`) };
  },
};
