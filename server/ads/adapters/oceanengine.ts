import { detailOf, httpVerdict, jsonOf, type Adapter } from './adapter';

/**
 * Ocean Engine (巨量引擎), Conversion API v2: POST /api/v2/conversion, event_type `active_register`, the
 * landing's clickid as context.ad.callback, timestamp in ms. No token (the click id is the capability) and
 * no documented dedupe.
 */
export const oceanengine: Adapter = {
  build(event, { endpoints }) {
    const body = { event_type: 'active_register', context: { ad: { callback: event.clickId } }, timestamp: event.registeredAt };
    return { method: 'POST', url: `${endpoints.oceanengine}/api/v2/conversion`, body: JSON.stringify(body) };
  },
  classify(status, text) {
    const http = httpVerdict(status);
    if (http) return http;
    const answer = jsonOf(text);
    if (answer === null || typeof answer.code !== 'number') return { kind: 'retry', reason: 'bad_answer' };
    if (answer.code === 0) return { kind: 'done' };
    return { kind: 'give_up', reason: 'refused', detail: detailOf(`${answer.code} ${detailOf(answer.message)}`) };
  },
};
