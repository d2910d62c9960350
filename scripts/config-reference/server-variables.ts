// What each of the server's environment variables does, in the operator's words: the one hand-written part of
// docs/configuration.md. Each variable's rule and default come from the schema (server/config/config-schema.ts);
// `default` here only where the schema has none or its default depends on the machine. Data: no line limit.
import { WORK_DEFAULTS } from '@game-register/gateway/policy';
import { DEFAULT_SITE_SETTINGS as SITE } from '@game-register/site-settings';

export interface VariableText {
  meaning: string;
  /** Said instead of the schema's default (markdown). */
  default?: string;
}

export interface VariableGroup {
  title: string;
  /** Where the guide explains the group (a link relative to docs/). */
  guide?: string;
  variables: Record<string, VariableText>;
}

export const SERVER_GROUPS: readonly VariableGroup[] = [
  {
    title: 'Listening, files and logs',
    guide: '[server.md](server.md), [deploying.md](deploying.md)',
    variables: {
      HOST: { meaning: 'address to listen on (`0.0.0.0` for every interface)' },
      PORT: { meaning: 'port to listen on' },
      DATABASE_PATH: {
        meaning:
          "the libsql (SQLite) file of the reference API, of strict mode's challenges and spent tokens, and of the ad reports' outbox (without `REDIS_URL`; in proxy mode opened only once an ad platform is on); its folder is created; a path that cannot be written stops the start with a message naming `DATABASE_PATH`; `:memory:` keeps nothing",
      },
      DIST_DIR: {
        meaning:
          'the built app to serve (read into memory at start: restart after a rebuild); a folder without a readable `index.html` stops the start with a message naming `DIST_DIR`, rather than a server that answers every page with 404',
      },
      DOWNLOADS_DIR: { meaning: 'folder served at `/downloads/`' },
      CSP_IMG_HOSTS: {
        meaning:
          'extra origins allowed for images, e.g. `https://cdn.example.com` for puzzle pictures (`VITE_CAPTCHA_IMAGES`) or QR codes hosted elsewhere',
        default: 'none',
      },
      LOG_LEVEL: { meaning: 'the lowest level written to the log' },
    },
  },
  {
    title: 'The API: reference or proxy',
    guide: '[server.md](server.md)',
    variables: {
      API_TARGET: { meaning: 'the game backend, e.g. `http://10.0.0.5:9000`; set, `/api/*` is proxied there instead of answered here' },
      API_TIMEOUT_MS: {
        meaning:
          "how long the proxy waits for the backend's whole answer (connecting, headers and body together) before answering 504, kept to within a few ms (a test holds it within 100); keep it under the client's 5000 ms",
      },
      API_FORWARD_COOKIES: {
        meaning: 'cookies the proxy passes on to the backend, by name; no name a backend could read as a field of the calls',
        default: 'none',
      },
      TRUST_PROXY: {
        meaning:
          'who may set `X-Forwarded-For`/`-Proto`. An `X-Forwarded-For` entry that is no address (`unknown`, a host name) is not believed, nor any left of it: the hop that wrote it counts as the client; `ip:port` and `[v6]:port` are read as the ip. Needed behind a proxy or a load balancer for the real client address (rate limits, the lock, logs) and for HSTS',
        default: '`false`',
      },
    },
  },
  {
    title: 'Rate limits',
    guide: '[server.md](server.md)',
    variables: {
      RATE_LIMIT_WINDOW_SECONDS: { meaning: 'length of the rate-limit window' },
      RATE_LIMIT_CHECKS: { meaning: '`/api` calls per client address and window, `reg` excepted (checkuser, checktel, anything proxied)' },
      RATE_LIMIT_REG: {
        meaning:
          '`reg` calls per client address and window; as many again for what costs nothing (a request that cannot be read; in strict mode a `reg` without an accepted pass token), counted apart',
      },
    },
  },
  {
    title: 'Strict mode',
    guide: '[strict-mode.md](strict-mode.md)',
    variables: {
      CAPTCHA_MODE: { meaning: '`off`: the browser judges the puzzle; `strict`: server-drawn puzzles, and `reg` needs a pass token' },
      CAPTCHA_SECRET: {
        meaning: "strict mode's HMAC key for pass tokens (`openssl rand -hex 32`); the same on every instance behind one balancer",
        default: 'generated once and kept in the database, or in Redis (shared by every instance)',
      },
      CAPTCHA_LEVEL: {
        meaning:
          "`adaptive`: each challenge's difficulty level from the evidence; `0` to `3` pins one level for every visitor, without its hourly pass quota, its holdout, or the doubling and refusal of an address's fetches past its share (a network's passes stay within its kind's allowance; for tests and benches that send everything from one address, or a site that must never escalate)",
      },
      CAPTCHA_WORK_COST: {
        meaning: "the counter every puzzle's proof-of-work task is drawn below (the solver tries from 0; each try is 2 SHA-256)",
      },
      CAPTCHA_ACCESSIBLE_WORK_COST: {
        meaning: "the same for `无障碍验证`'s task; not below `CAPTCHA_WORK_COST`",
        default: `\`${WORK_DEFAULTS.accessible}\`, or \`CAPTCHA_WORK_COST\` when that is higher`,
      },
      CAPTCHA_ACCESSIBLE: {
        meaning:
          '`off` removes the path without the picture (its routes answer 404 and the button is not shown); screen-reader users then have no way through (WCAG 1.1.1)',
      },
      CAPTCHA_HOLDOUT: {
        meaning: 'the share of level-0 challenges given the guarded picture, so what it costs people is measured; `0` turns it off',
      },
      CAPTCHA_NETWORK_CHALLENGES: {
        meaning:
          "answers with their work done (right or wrong, both paths) that the puzzles one network fetched may come back with per minute (a /24, an IPv6 /48, a cloud's whole AS; from however many addresses); past it, the network's next fetches get `429` with `Retry-After: 10` until its minute has room. Bare fetches are not counted here: each address has its own share of fetches, and while an instance's drawing runs short, no network takes more than its fair share of it (strict-mode.md)",
      },
      CAPTCHA_DRAW_THREADS: {
        meaning:
          "worker threads that draw and encode the puzzles, off the event loop; `0` draws on the main thread (a comparison point, not for production). Each also borrows one of libuv's threads to encode a 3x piece: above 3, start Node with `UV_THREADPOOL_SIZE` at least the threads + 2 (libuv's default is 4)",
        default: 'cores - 1, at least 1',
      },
      CAPTCHA_DRAW_QUEUE: {
        meaning: 'puzzles that may wait for a draw thread; when it is full, `challenge` answers `503` with `Retry-After: 1` at once',
      },
      CAPTCHA_STOCK: {
        meaning:
          "plain puzzles drawn ahead and kept ready in the instance's memory per pixel ratio (1, 2 and 3), plus a quarter as many guarded ones (levels 2-3 and the holdout), refilled by the draw threads when no visitor waits; `0`: every puzzle drawn when asked for (at the default, 375 per ratio with the guarded ones: about 20 MB of pictures)",
      },
      CAPTCHA_TEST_SEED: {
        meaning:
          'tests only: every puzzle is drawn from this seed, so a browser test can solve it; honoured only when `NODE_ENV=test` (refused otherwise)',
      },
      CAPTCHA_TEST_CLOCK_SPEED: {
        meaning:
          "tests and benches only: strict mode's clock runs this many times as fast, so a bench plays 30 minutes of an attack in one or two; only the gateway's clock (expiries, levels, the operator switches' ends), not the rate limits or the logs; honoured only when `NODE_ENV=test` (refused otherwise), and logged at warn",
      },
    },
  },
  {
    title: 'Metrics',
    guide: '[metrics.md](metrics.md)',
    variables: {
      METRICS_PORT: { meaning: 'serve Prometheus metrics on this port, on their own listener (never on `PORT`)', default: 'off' },
      METRICS_HOST: { meaning: "the metrics listener's address (needs `METRICS_PORT`)", default: '`127.0.0.1`' },
    },
  },
  {
    title: 'The ledger of registrations',
    guide: '[ledger.md](ledger.md)',
    variables: {
      LEDGER_RETENTION_DAYS: {
        meaning: 'days an entry of the ledger (every reg the backend answered, with its verdict) is kept, on the database or Redis',
      },
      LEDGER_TOKEN: {
        meaning: "the bearer token the ledger's view on the metrics listener asks for (`GET /ledger`, needs `METRICS_PORT`); never logged",
        default: 'the view is off',
      },
    },
  },
  {
    title: 'Redis: many instances',
    guide: '[many-instances.md](many-instances.md)',
    variables: {
      REDIS_URL: {
        meaning:
          "strict mode's state, the rate limits and the ad outbox are kept there and shared by every instance on it (`redis://[:password@]host:port[/db]`, or `rediss://`); unset, each instance keeps its own",
      },
      REDIS_SENTINELS: {
        meaning:
          'instead of `REDIS_URL` (setting both is refused at start): Redis behind Sentinel; the instances follow a failover by themselves',
      },
      REDIS_SENTINEL_MASTER: { meaning: 'with `REDIS_SENTINELS`: the name the sentinels monitor the primary by' },
      REDIS_SENTINEL_PASSWORD: { meaning: "with `REDIS_SENTINELS`: the sentinels' password", default: 'none' },
      REDIS_PASSWORD: {
        meaning: "with `REDIS_SENTINELS`: the Redis servers' own password (with `REDIS_URL` the URL carries it)",
        default: 'none',
      },
      REDIS_PREFIX: { meaning: 'the start of every key this deployment writes to Redis, so two deployments can share one Redis' },
    },
  },
  {
    title: 'Site settings',
    guide: '[site-settings.md](site-settings.md)',
    variables: {
      SITE_CONFIG: {
        meaning:
          "the site settings file: brand, contacts, game and download addresses, puzzle pictures, channels, ad platforms, strict mode's switches and networks; re-read on `SIGHUP`; a relative path is taken from the working directory",
        default: "none: the build's own values",
      },
    },
  },
  {
    title: 'Ad platforms',
    guide: '[ad-platforms.md](ad-platforms.md)',
    variables: {
      ADS_TENCENT_TOKEN: {
        meaning:
          "Tencent's access token: the data source's permanent key (DataNexus 数据源「查看密钥」). A Marketing API app's token lives 86,400 s and the gateway does not refresh it: once it expires, reports wait, counted `token_expired` (alert `AdPlatformAuthFailing`)",
        default: 'none: Tencent reports wait, counted as auth failures',
      },
      ADS_BAIDU_TOKEN: {
        meaning: 'the oCPC API token of the Baidu account (推广账号) whose ads the default channel runs',
        default: 'none: likewise',
      },
      ADS_BAIDU_TOKENS: {
        meaning: 'Baidu gives one token per account: `channel=token` pairs for the channels whose ads run on other accounts',
        default: 'none: every channel uses `ADS_BAIDU_TOKEN`',
      },
      ADS_OCEANENGINE_PRIVATE_KEY: {
        meaning:
          'with 鉴权 on in 事件管理: the RSA private key whose public key is registered there; each report is then signed (`x-rs256-token`)',
        default: 'none: reports unsigned (with 鉴权 on, Ocean Engine discards them)',
      },
      ADS_OCEANENGINE_CREDENTIAL: { meaning: 'the label of that key pair in 事件管理' },
      ADS_OCEANENGINE_DEBUG: {
        meaning:
          "`on`: Ocean Engine reports carry `X-Debug-Mode: 1`, the SDK's sandbox (联调) mode, for a console check; off in production",
      },
      ADS_ENDPOINT_TENCENT: {
        meaning:
          "replaces Tencent's scheme and host (a relay, Tencent's sandbox `https://sandbox-api.e.qq.com` with its sandbox token, or the tests' fake); the documented path is kept",
        default: '`https://api.e.qq.com`',
      },
      ADS_ENDPOINT_OCEANENGINE: { meaning: 'the same for Ocean Engine', default: '`https://analytics.oceanengine.com`' },
      ADS_ENDPOINT_BAIDU: { meaning: 'the same for Baidu', default: '`https://ocpc.baidu.com`' },
      ADS_ENDPOINT_KUAISHOU: {
        meaning: 'the same for Kuaishou',
        default: '`http://ad.partner.gifshow.com` (plain http, as Kuaishou documents it)',
      },
      ADS_TIMEOUT_MS: { meaning: 'how long one report waits for an answer' },
      ADS_RETRY_BASE_MS: { meaning: 'the first retry delay; it doubles up to 6 h, with jitter' },
      ADS_MAX_AGE_HOURS: { meaning: 'the age after which an event is given up' },
      ADS_POLL_MS: { meaning: 'how often the outbox is read when nothing wakes it' },
      ADS_CONCURRENCY: { meaning: 'reports in flight per instance' },
    },
  },
];

/** The build's own values (Vite env, read by src/config/env.ts only): the server's defaults, and all a static host has. */
export const BUILD_VARIABLES: Record<string, VariableText & { default: string }> = {
  VITE_GAME_URL_MOBILE: { meaning: 'external game client, mobile H5 address', default: `\`${SITE.game.mobileUrl}\`` },
  VITE_GAME_URL_PC: { meaning: 'external game client, PC H5 address', default: `\`${SITE.game.pcUrl}\`` },
  VITE_APK_URL: { meaning: 'Android package', default: `\`${SITE.downloads.android}\`` },
  VITE_IOS_PROFILE_URL: { meaning: 'iOS mobileconfig profile', default: `\`${SITE.downloads.ios}\`` },
  VITE_CHANNEL_CODE: {
    meaning: 'the default channel `code`, sent with every registration whose visit came from no listed channel',
    default: `\`${SITE.channel.default}\``,
  },
  VITE_CHANNELS: {
    meaning: 'comma list of the channel codes an ad link may name; the default is always listed',
    default: 'the default alone',
  },
  VITE_CHANNEL_PARAM: { meaning: "the link's parameter that names the channel (`/register?c=CH7`)", default: `\`${SITE.channel.param}\`` },
  VITE_CONTACT_PHONE: { meaning: "the contact screen's phone row; an empty value hides it", default: 'a placeholder' },
  VITE_CONTACT_WECHAT: { meaning: "the contact screen's WeChat row; an empty value hides it", default: 'a placeholder' },
  VITE_CONTACT_QQ: { meaning: "the contact screen's QQ row; an empty value hides it", default: 'a placeholder' },
  VITE_CONTACT_TELEGRAM: { meaning: 'the Telegram id, shown only in the Telegram QR dialog (it has no row)', default: 'empty' },
  VITE_CONTACT_WECHAT_QR: { meaning: 'optional QR picture URL; its QR dialog opens only when set', default: 'empty' },
  VITE_CONTACT_TELEGRAM_QR: { meaning: 'optional QR picture URL; its QR dialog opens only when set', default: 'empty' },
  VITE_CAPTCHA_IMAGES: { meaning: 'optional comma-separated picture URLs for the puzzle', default: 'generated pictures' },
  VITE_CAPTCHA_MODE: {
    meaning:
      "`server`: the register screen's puzzle comes from the server and reg carries its pass token (needs `CAPTCHA_MODE=strict` on the server); `client`: the puzzle is checked in the browser only. Served by the Node server, the page follows the server's `CAPTCHA_MODE` whatever this says",
    default: '`client`',
  },
};
