import { Type, type Static, type TOptional, type TSchema } from 'typebox';

/** Each string's rule, said the way an operator reads it in a refusal (read-settings.ts quotes `description`). */
const HTTP_URL = '^https?://[^\\s/?#]+[^\\s]*$';
/** A path on this site starts with one slash (two would be another host). */
const HTTP_URL_OR_PATH = '^(https?://[^\\s/?#]+|/(?!/))[^\\s]*$';
const httpUrl = () =>
  Type.String({ pattern: HTTP_URL, maxLength: 2048, description: 'an http(s) URL such as https://m.game.example.com/' });
const urlOrPath = (empty: boolean) =>
  Type.String({
    pattern: empty ? `(${HTTP_URL_OR_PATH})|^$` : HTTP_URL_OR_PATH,
    maxLength: 2048,
    description: `an http(s) URL or a path on this site such as /downloads/app.apk${empty ? ', or "" for none' : ''}`,
  });
const text = (max: number, what: string) =>
  Type.String({ maxLength: max, pattern: '^[^<>\\r\\n]*$', description: `${what}, at most ${max} characters, without < > or line breaks` });
const CHANNEL_PATTERN = '^[A-Za-z0-9_-]{1,32}$';
const CHANNEL_CODE = Type.String({ pattern: CHANNEL_PATTERN, description: 'a channel code of 1 to 32 letters, digits, _ or -' });

function accountIdSchema(what: string) {
  return Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: `${what}, a positive integer` });
}

/** Every field optional, none unknown (Type.Partial would drop additionalProperties); `fileOnly`: no SITE_* variables. */
const section = <T extends Record<string, TSchema>>(properties: T, options: { fileOnly?: true } = {}) =>
  Type.Object(
    Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, Type.Optional(schema)])) as {
      [K in keyof T]: TOptional<T[K]>;
    },
    { additionalProperties: false, ...options },
  );

/**
 * An ISO 8601 date and time with its offset (Z or +hh:mm), seconds and their fraction optional; its parts are
 * captured for operator-switches.ts, which also checks that it names a real moment.
 */
export const SWITCH_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;
/** One of strict mode's operator switches (docs/strict-mode.md): both fields, or the switch is refused. */
const operatorSwitch = (minimum: number, maximum: number, what: string) =>
  Type.Object(
    {
      level: Type.Integer({ minimum, maximum, description: `${what}, a level from ${minimum} to ${maximum}` }),
      until: Type.String({
        pattern: SWITCH_TIME.source,
        description: 'a date and time with its offset, such as 2026-11-25T18:00:00+08:00',
      }),
    },
    { additionalProperties: false, description: 'a {"level", "until"} pair' },
  );

/** The ASes and CIDRs an operator adds to one kind of network (captcha.networks). */
const networkList = (kind: string) =>
  section({
    asns: Type.Array(Type.Integer({ minimum: 1, maximum: 4_294_967_295, description: 'an AS number such as 9808' }), {
      maxItems: 1000,
      description: `a list of AS numbers counted as ${kind}`,
    }),
    cidrs: Type.Array(
      Type.String({ pattern: NETWORK_CIDR.source, maxLength: 64, description: 'a CIDR such as 203.0.113.0/24 or 2001:db8::/32' }),
      { maxItems: 1000, description: `a list of CIDRs counted as ${kind}` },
    ),
  });

/** An IPv4 or IPv6 CIDR, as far as a pattern says (operator-switches.ts checks the address and its length). */
export const NETWORK_CIDR = /^[0-9A-Fa-f:.]{2,45}\/\d{1,3}$/;

/** The site settings file (SITE_CONFIG): every field optional, no field unknown; docs/site-settings.md. */
export const SiteSettingsFile = section({
  brand: section({
    name: text(32, 'the brand name'),
    logo: Type.String({ minLength: 1, maxLength: 1024, description: 'the path of an SVG, PNG, WebP, JPEG or GIF file' }),
    themeColor: Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'a colour such as #e8452c' }),
  }),
  game: section({ mobileUrl: httpUrl(), pcUrl: httpUrl() }),
  downloads: section({ android: urlOrPath(false), ios: urlOrPath(false) }),
  contact: section({
    phone: text(64, 'a phone number ("" hides the row)'),
    wechat: text(64, 'a WeChat id ("" hides the row)'),
    qq: text(64, 'a QQ number ("" hides the row)'),
    telegram: text(64, 'a Telegram id'),
    wechatQr: urlOrPath(true),
    telegramQr: urlOrPath(true),
  }),
  captcha: section({
    images: Type.Array(urlOrPath(false), { maxItems: 50, description: 'a list of picture addresses' }),
    underAttack: operatorSwitch(1, 3, 'the lowest level a visitor not known good gets'),
    peopleFirst: operatorSwitch(0, 2, 'the highest level any visitor gets'),
    campaign: operatorSwitch(0, 2, "the highest level the carriers' floor may put under carrier visitors"),
    // The file only (docs/strict-mode.md, "Networks as they are"): ASes and CIDRs added to a kind of network.
    networks: section({ carrier: networkList('carrier'), hosting: networkList('hosting') }, { fileOnly: true }),
  }),
  channel: section({
    default: CHANNEL_CODE,
    allowed: Type.Array(CHANNEL_CODE, { maxItems: 200, description: 'a list of channel codes' }),
    param: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,31}$', description: 'a query parameter name such as c' }),
  }),
  // The file only: docs/ad-platforms.md. Tokens are never here (ADS_*_TOKEN).
  ads: section(
    {
      consent: section({ required: Type.Boolean({ description: 'true or false' }), text: text(300, 'the consent text') }),
      landingHosts: Type.Array(
        Type.String({ pattern: '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$', maxLength: 253 }),
        {
          maxItems: 50,
          description: 'a list of host names in lower case such as m.game.example.com (no scheme, no port)',
        },
      ),
      tencent: section({
        enabled: Type.Boolean({ description: 'true or false' }),
        accountId: accountIdSchema('the account id (账户 ID)'),
        userActionSetId: accountIdSchema('the user action set id (数据源 ID)'),
        channels: Type.Record(
          Type.String({ pattern: CHANNEL_PATTERN }),
          Type.Object(
            { accountId: accountIdSchema('the account id'), userActionSetId: accountIdSchema('the user action set id') },
            { additionalProperties: false },
          ),
          {
            maxProperties: 200,
            description: 'channel codes, each with its {"accountId", "userActionSetId"}',
          },
        ),
      }),
      oceanengine: section({ enabled: Type.Boolean({ description: 'true or false' }) }),
      baidu: section({
        enabled: Type.Boolean({ description: 'true or false' }),
        registerType: Type.Integer({ minimum: 1, maximum: 9999, description: 'the newType number of 注册 in 转化追踪 (25 or 11)' }),
      }),
      kuaishou: section({ enabled: Type.Boolean({ description: 'true or false' }) }),
    },
    { fileOnly: true },
  ),
});

export type SiteSettingsFile = Static<typeof SiteSettingsFile>;

const upperSnake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();

export interface SiteVariable {
  variable: string;
  /** The field's path in the file: ['game', 'mobileUrl'], ['captcha', 'underAttack', 'until']. */
  path: string[];
  kind: 'text' | 'list' | 'integer';
}

type FieldSchema = TSchema & { type?: string; properties?: Record<string, TSchema>; fileOnly?: true };

/** One variable per field that holds a value, an object's fields each their own (captcha.underAttack.level). */
function variablesOf(path: string[], schema: FieldSchema): SiteVariable[] {
  if (schema.fileOnly) return [];
  if (schema.properties) return Object.entries(schema.properties).flatMap(([name, field]) => variablesOf([...path, name], field));
  const kind = schema.type === 'array' ? 'list' : schema.type === 'integer' ? 'integer' : 'text';
  return [{ variable: `SITE_${path.map(upperSnake).join('_')}`, path, kind }];
}

/**
 * The environment's names for the same fields: SITE_ and the path in upper snake case (SITE_GAME_MOBILE_URL
 * for game.mobileUrl, SITE_CAPTCHA_UNDER_ATTACK_UNTIL for captcha.underAttack.until); a list is comma
 * separated. A section marked fileOnly (ads) has none.
 */
export const SITE_VARIABLES: readonly SiteVariable[] = Object.entries(SiteSettingsFile.properties).flatMap(([name, schema]) =>
  variablesOf([name], schema as FieldSchema),
);

/** The variable of each field, by its dotted path ('captcha.underAttack.until'). */
export const SITE_VARIABLE_NAMES: ReadonlyMap<string, string> = new Map(
  SITE_VARIABLES.map(({ variable, path }) => [path.join('.'), variable]),
);
