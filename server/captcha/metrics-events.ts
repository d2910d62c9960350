import type { GatewayEvents } from '@game-register/gateway';
import type { Metrics } from '../metrics/metrics';

/** The gateway's events as the server's metrics (prom-client) count them. */
export const metricsEvents = (metrics: Metrics): GatewayEvents => ({
  challengeIssued: ({ doublings }) => metrics.challengeIssued(doublings),
  verified: (reason) => metrics.verified(reason),
  levelChanged: () => {},
  quotaRefused: () => {},
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
