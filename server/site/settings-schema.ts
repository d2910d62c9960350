import { Type, type Static, type TOptional, type TSchema } from 'typebox';

/** Each string's rule, said the way an operator reads it in a refusal (read-settings.ts quotes `description`). */
const HTTP_URL = '^https?://[^\\s/?#]+[^\\s]*$';
/** A path on this site starts with one slash (two would be another host). */
const HTTP_URL_OR_PATH = '^(https?://[^\\s/?#]+|/(?!/))[^\\s]*$';
const httpUrl = () => Type.String({ pattern: HTTP_URL, maxLength: 2048, description: 'an http(s) URL such as https://m.game.example.com/' });
const urlOrPath = (empty: boolean) =>
  Type.String({
    pattern: empty ? `(${HTTP_URL_OR_PATH})|^$` : HTTP_URL_OR_PATH,
    maxLength: 2048,
    description: `an http(s) URL or a path on this site such as /downloads/app.apk${empty ? ', or "" for none' : ''}`,
  });
const text = (max: number, what: string) => Type.String({ maxLength: max, pattern: '^[^<>\\r\\n]*$', description: `${what}, at most ${max} characters, without < > or line breaks` });
const CHANNEL_PATTERN = '^[A-Za-z0-9_-]{1,32}$';
const CHANNEL_CODE = Type.String({ pattern: CHANNEL_PATTERN, description: 'a channel code of 1 to 32 letters, digits, _ or -' });

function accountIdSchema(what: string) {
  return Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: `${what}, a positive integer` });
}

/** Every field optional, none unknown (Type.Partial would drop additionalProperties). */
const section = <T extends Record<string, TSchema>>(properties: T) =>
  Type.Object(
    Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, Type.Optional(schema)])) as { [K in keyof T]: TOptional<T[K]> },
    { additionalProperties: false },
  );

/** The site settings file (SITE_CONFIG): every field optional, no field unknown; README, "Site settings". */
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
  captcha: section({ images: Type.Array(urlOrPath(false), { maxItems: 50, description: 'a list of picture addresses' }) }),
  channel: section({
    default: CHANNEL_CODE,
    allowed: Type.Array(CHANNEL_CODE, { maxItems: 200, description: 'a list of channel codes' }),
    param: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,31}$', description: 'a query parameter name such as c' }),
  }),
  // The file only (no SITE_* variables): README, "Ad platforms". Tokens are never here (ADS_*_TOKEN).
  ads: section({
    consent: section({ required: Type.Boolean({ description: 'true or false' }), text: text(300, 'the consent text') }),
    tencent: section({
      enabled: Type.Boolean({ description: 'true or false' }),
      accountId: accountIdSchema('the account id (账户 ID)'),
      userActionSetId: accountIdSchema('the user action set id (数据源 ID)'),
      channels: Type.Record(Type.String({ pattern: CHANNEL_PATTERN }), Type.Object({ accountId: accountIdSchema('the account id'), userActionSetId: accountIdSchema('the user action set id') }, { additionalProperties: false }), {
        maxProperties: 200,
        description: 'channel codes, each with its {"accountId", "userActionSetId"}',
      }),
    }),
    oceanengine: section({ enabled: Type.Boolean({ description: 'true or false' }) }),
    baidu: section({ enabled: Type.Boolean({ description: 'true or false' }), registerType: Type.Integer({ minimum: 1, maximum: 9999, description: 'the newType number of 注册 in 转化追踪 (25 or 11)' }) }),
    kuaishou: section({ enabled: Type.Boolean({ description: 'true or false' }) }),
  }),
});

export type SiteSettingsFile = Static<typeof SiteSettingsFile>;

const upperSnake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();

/**
 * The environment's names for the same fields: SITE_ and the path in upper snake case (SITE_GAME_MOBILE_URL
 * for game.mobileUrl); a list is comma separated.
 */
export const SITE_VARIABLES: readonly { variable: string; path: [string, string]; list: boolean }[] = Object.entries(SiteSettingsFile.properties).flatMap(
  ([section, schema]) =>
    Object.entries((schema as unknown as { properties: Record<string, { type?: string }> }).properties)
      .filter(([, fieldSchema]) => fieldSchema.type !== 'object') // nested settings (ads) are the file's alone
      .map(([field, fieldSchema]) => ({
      variable: `SITE_${upperSnake(section)}_${upperSnake(field)}`,
      path: [section, field] as [string, string],
      list: fieldSchema.type === 'array',
    })),
);
