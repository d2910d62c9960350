import type { FakePlatforms } from './fake-platforms';

/** The ADS_* variables of a server reporting to the fake, with fast retries. */
export const adsEnv = (fake: FakePlatforms, extra: Record<string, string> = {}) => ({
  ...fake.env(),
  ADS_TENCENT_TOKEN: 'tencent-test-token',
  ADS_BAIDU_TOKEN: 'baidu-test-token',
  ADS_RETRY_BASE_MS: '40',
  ADS_POLL_MS: '20',
  ADS_TIMEOUT_MS: '1000',
  ...extra,
});
