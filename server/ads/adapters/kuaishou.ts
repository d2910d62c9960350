import { detailOf, httpVerdict, jsonOf, type Adapter } from './adapter';

/**
 * Kuaishou (磁力引擎): GET /track/activate with the landing's callback as it came, event_type 2 (注册) and
 * event_time in ms; `result: 1` is success. No token and no documented dedupe.
 */
export const kuaishou: Adapter = {
  build(event, { endpoints }) {
    const query = new URLSearchParams({ callback: event.clickId, event_type: '2', event_time: String(event.registeredAt) });
    return { method: 'GET', url: `${endpoints.kuaishou}/track/activate?${query}` };
  },
  classify(status, text) {
    const http = httpVerdict(status);
    if (http) return http;
    const answer = jsonOf(text);
    if (answer === null || !('result' in answer)) return { kind: 'retry', reason: 'bad_answer' };
    if (answer.result === 1) return { kind: 'done' };
    return { kind: 'give_up', reason: 'refused', detail: detailOf(`${String(answer.result)} ${detailOf(answer.error_msg)}`) };
  },
};
