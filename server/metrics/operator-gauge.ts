import { Gauge, type Registry } from 'prom-client';
import type { OperatorSwitches } from '@game-register/gateway';
import { METRIC_PREFIX } from './prometheus-metrics';

/**
 * `game_register_captcha_operator_switch{switch}`: 1 while the operator's switch is on, by the gateway's clock
 * at the scrape (a switch ends by itself, with no event to count), else 0.
 */
export function watchOperatorSwitches(registry: Registry, switches: () => OperatorSwitches, now: () => number): void {
  new Gauge({
    name: `${METRIC_PREFIX}captcha_operator_switch`,
    help: 'Strict mode: the operator switches of the site settings, 1 while on, by switch (under_attack, people_first, campaign).',
    labelNames: ['switch'] as const,
    registers: [registry],
    collect() {
      const { underAttack, peopleFirst, campaign } = switches();
      const at = now();
      this.labels('under_attack').set(underAttack !== null && at < underAttack.until ? 1 : 0);
      this.labels('people_first').set(peopleFirst !== null && at < peopleFirst.until ? 1 : 0);
      this.labels('campaign').set(campaign != null && at < campaign.until ? 1 : 0);
    },
  });
}
