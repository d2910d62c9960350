import type { AdPlatform } from '@game-register/site-settings/ad-clicks';
import type { Adapter } from './adapter';
import { baidu } from './baidu';
import { kuaishou } from './kuaishou';
import { oceanengine } from './oceanengine';
import { tencent } from './tencent';

export const ADAPTERS: Readonly<Record<AdPlatform, Adapter>> = { tencent, oceanengine, baidu, kuaishou };
export type { Adapter, Verdict, FailureReason, GiveUpReason, PlatformRequest } from './adapter';
