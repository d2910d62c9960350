// A request's route as the request metrics label it, set by the part of the server that reads the request
// (the /api wing names each of the backend's three calls by its path, whatever spelling was sent: reading.ts)
// and read by the metrics plugin as a plain value: the metrics know nothing of how a request is read.
const labels = new WeakMap<object, string>();

/** Names the route of a request (its raw message, before routing) in the request metrics. */
export const labelRoute = (raw: object, label: string): void => void labels.set(raw, label);

/** The route a part of the server named for this request, or null when none did (the route's pattern counts then). */
export const routeLabelOf = (request: { raw: object }): string | null => labels.get(request.raw) ?? null;
