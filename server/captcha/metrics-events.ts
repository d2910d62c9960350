import type { GatewayEvents } from '@game-register/gateway';
import type { Metrics } from '../metrics/metrics';

/** The gateway's events as the server's metrics (prom-client) count them. */
export const metricsEvents = (metrics: Metrics): GatewayEvents => ({
  challengeIssued: (facts) => metrics.challengeIssued(facts),
  verified: (reason, facts) => metrics.verified(reason, facts),
  levelChanged: (entity, from, to, kind) => metrics.levelChanged(entity, from, to, kind),
  quotaRefused: (level, kind) => metrics.quotaRefused(level, kind),
  tokenSpent: () => metrics.tokenSpent(),
  tokenRefused: (reason) => metrics.tokenRefused(reason),
  drawFinished: (seconds) => metrics.drawFinished(seconds),
  stockMissed: (pixelRatio) => metrics.challengeStockMissed(pixelRatio),
  rateLimited: (route) => metrics.rateLimited(route),
  levels: ({ drawQueue, stock }) => {
    metrics.watchDrawQueue(drawQueue);
    metrics.watchChallengeStock(stock);
  },
});
