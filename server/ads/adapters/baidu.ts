import { detailOf, httpVerdict, jsonOf, type Adapter } from './adapter';

interface BaiduHeader {
  status?: unknown;
  desc?: unknown;
  /** Why each refused row was refused: its code, words and position in conversionTypes. */
  failures?: unknown;
}

/** The answer's status and words, with each failure's code and message (the row is always the first: one per call). */
function detailOfHeader(header: BaiduHeader): string {
  const failures = Array.isArray(header.failures) ? (header.failures as { code?: unknown; message?: unknown }[]) : [];
  const reasons = failures.map((failure) => `${String(failure?.code ?? '')} ${detailOf(failure?.message)}`.trim());
  return detailOf([`${String(header.status)} ${detailOf(header.desc)}`, ...reasons].join('; '));
}

/**
 * Baidu oCPC: POST /ocpcapi/api/uploadConvertData with the ad account's token in the body (one token per
 * account: a channel may name its own); the landing URL with bd_vid is the click (logidUrl, at most 1024
 * characters); outerEventId is sent as the dedupe key, which Baidu's own page does not confirm (see DEDUPES).
 */
export const baidu: Adapter = {
  build(event, { endpoints, tokens }) {
    const token = Object.hasOwn(tokens.baiduByChannel, event.channel) ? tokens.baiduByChannel[event.channel]! : tokens.baidu;
    if (token === null) return { kind: 'retry', reason: 'auth' };
    const conversion = {
      logidUrl: event.landingUrl,
      newType: event.baiduType,
      convertTime: Math.floor(event.registeredAt / 1000),
      outerEventId: event.id,
    };
    return {
      method: 'POST',
      url: `${endpoints.baidu}/ocpcapi/api/uploadConvertData`,
      body: JSON.stringify({ token, conversionTypes: [conversion] }),
    };
  },
  classify(status, text) {
    const http = httpVerdict(status);
    if (http) return http;
    const header = jsonOf(text)?.header as BaiduHeader | undefined;
    if (!header || typeof header.status !== 'number') return { kind: 'retry', reason: 'bad_answer' };
    if (header.status === 0) return { kind: 'done' };
    // system error: theirs, not ours
    if (header.status === 3) return { kind: 'retry', reason: 'platform_error', detail: detailOfHeader(header) };
    return { kind: 'give_up', reason: 'refused', detail: detailOfHeader(header) };
  },
};
