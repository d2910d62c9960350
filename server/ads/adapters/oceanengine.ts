import { codeVerdict, type Adapter } from './adapter';

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
  classify: (status, text) => codeVerdict(status, text),
};
