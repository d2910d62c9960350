import { readFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { DEFAULT_SITE_SETTINGS, type NetworkSettings, type SiteSettings } from '@game-register/site-settings';
import { darkerShade } from './render-pages';
import { OTHER_CHANNEL_LABEL } from '../channels/site-channels';
import { ConfigError } from '../config/config-error';
import type { SiteSettingsSources } from '../config/config';
import { adsSettingsProblems, mergeAdsSettings } from './site-ads';
import { SITE_VARIABLE_NAMES, SITE_VARIABLES, SiteSettingsFile } from './settings-schema';
import { networkProblems, readSwitches } from './operator-switches';
import { contrastWithWhite } from './theme-contrast';

export class SiteSettingsError extends ConfigError {
  constructor(problems: string[]) {
    super(problems);
    this.name = 'SiteSettingsError';
    this.message = `Invalid site settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`;
  }
}

const MAX_LOGO_BYTES = 32 * 1024;
const LOGO_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
};
/** WCAG AA: the theme colour fills buttons under bold white labels (3:1), its darker shade is text on white (4.5:1). */
const MIN_CONTRAST = { fill: 3, text: 4.5 };
/** A contact row is hidden by an empty value, so for these an empty variable counts; any other empty variable is unset. */
const EMPTY_MEANS_NONE = new Set(['contact']);

/** Fields as read from the file or the variables, before the defaults fill the rest. */
type SettingsInput = { [section: string]: { [field: string]: unknown } | undefined };

const pointer = (path: string) =>
  path
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
const dotted = (instancePath: string) =>
  pointer(instancePath)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');

function at(root: unknown, parts: string[]): unknown {
  return parts.reduce<unknown>(
    (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
    root,
  );
}

/** The schema's complaints about a value, each naming the field (and the variable it came from) and the reason. */
function problemsOf(value: unknown, name: (field: string) => string): string[] {
  const problems: string[] = [];
  for (const error of Value.Errors(SiteSettingsFile, value)) {
    const field = dotted(error.instancePath);
    if (error.keyword === 'boolean') continue; // the same unknown field, reported below by additionalProperties
    if (error.keyword === 'required') {
      const missing = (error.params as { requiredProperties: string[] }).requiredProperties;
      const all = Object.keys((at(SiteSettingsFile, pointer(error.schemaPath.slice(1))) as { properties: object }).properties);
      for (const key of missing) problems.push(`${name(`${field}.${key}`)} is missing: ${field} needs ${all.join(' and ')}`);
      continue;
    }
    if (error.keyword === 'additionalProperties') {
      const unknown = (error.params as { additionalProperties: string[] }).additionalProperties;
      const known = Object.keys((at(SiteSettingsFile, pointer(error.schemaPath.slice(1))) as { properties: object }).properties);
      for (const key of unknown)
        problems.push(
          `${name(field ? `${field}.${key}` : key)} is not a known field (known${field ? ` in ${field}` : ''}: ${known.join(', ')})`,
        );
      continue;
    }
    const schema = at(SiteSettingsFile, pointer(error.schemaPath.slice(1))) as TSchema & { description?: string; type?: string };
    const expected = schema.description ?? (schema.type === 'object' ? 'an object' : `a ${schema.type ?? 'value'}`);
    problems.push(`${name(field)} must be ${expected}, got ${JSON.stringify(at(value, pointer(error.instancePath)))}`);
  }
  return problems;
}

async function readSettingsFile(path: string, problems: string[]): Promise<SettingsInput> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    problems.push(`SITE_CONFIG: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    return {};
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    problems.push(`${path} is not valid JSON: ${(error as Error).message}`);
    return {};
  }
  const found = problemsOf(parsed, (field) => `${path}: ${field || 'the file'}`);
  problems.push(...found);
  return found.length === 0 ? (parsed as SettingsInput) : {};
}

function readVariables(env: SiteSettingsSources['env'], problems: string[]): SettingsInput {
  const values: Record<string, unknown> = {};
  for (const { variable, path, kind } of SITE_VARIABLES) {
    const raw = env[variable]?.trim();
    if (raw === undefined || (raw === '' && !EMPTY_MEANS_NONE.has(path[0]!))) continue;
    // Entries are kept as written, empty ones too, so "A,,B" is refused rather than read as "A,B".
    const value =
      kind === 'list'
        ? raw === ''
          ? []
          : raw.split(',').map((item) => item.trim())
        : kind === 'integer' && /^\d{1,9}$/.test(raw)
          ? Number(raw)
          : raw;
    const parent = path.slice(0, -1).reduce((node, part) => (node[part] ??= {}) as Record<string, unknown>, values);
    parent[path.at(-1)!] = value;
  }
  const found = problemsOf(values, (field) => {
    const entry = /\[(\d+)\]$/.exec(field);
    const path = field.replace(/\[\d+\]$/, '');
    return `${SITE_VARIABLE_NAMES.get(path) ?? path} (${path}${entry ? `, entry ${Number(entry[1]) + 1}` : ''})`;
  });
  problems.push(...found);
  return found.length === 0 ? (values as SettingsInput) : {};
}

async function logoDataUrl(path: string, named: string, problems: string[]): Promise<string> {
  const type = LOGO_TYPES[extname(path).toLowerCase()];
  if (!type) {
    problems.push(`${named} must be an SVG, PNG, WebP, JPEG or GIF file, got ${path}`);
    return '';
  }
  let data: Buffer;
  try {
    data = await readFile(path);
  } catch (error) {
    problems.push(`${named}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    return '';
  }
  // The logo is inlined into every page (no request before the first paint), so it must stay small.
  if (data.length > MAX_LOGO_BYTES)
    problems.push(
      `${named}: ${path} is ${Math.ceil(data.length / 1024)} KB; at most ${MAX_LOGO_BYTES / 1024} KB, it is inlined into every page`,
    );
  return `data:${type};base64,${data.toString('base64')}`;
}

/**
 * The deployment's site settings: the defaults, then the file, then the variables, field by field. Throws a
 * SiteSettingsError naming every wrong field and why; nothing is half-applied. `now`: the moment they are
 * read, which the operator switches' ends are measured from.
 */
export async function readSiteSettings(sources: SiteSettingsSources, defaults: SiteSettings, now = Date.now()): Promise<SiteSettings> {
  const problems: string[] = [];
  const file = sources.configPath ? await readSettingsFile(sources.configPath, problems) : {};
  const variables = readVariables(sources.env, problems);
  const pick = <S extends keyof SiteSettings, F extends keyof SiteSettings[S]>(section: S, field: F): SiteSettings[S][F] =>
    (variables[section]?.[field as string] ?? file[section]?.[field as string] ?? defaults[section][field]) as SiteSettings[S][F];
  const merged = Object.fromEntries(
    (Object.keys(defaults) as (keyof SiteSettings)[]).map((section) => [
      section,
      Object.fromEntries(Object.keys(defaults[section]).map((field) => [field, pick(section, field as never)])),
    ]),
  ) as unknown as SiteSettings;

  const logoSet =
    variables.brand?.logo !== undefined
      ? { path: resolve(sources.cwd, String(variables.brand.logo)), named: 'SITE_BRAND_LOGO (brand.logo)' }
      : file.brand?.logo !== undefined
        ? { path: resolve(dirname(sources.configPath!), String(file.brand.logo)), named: `${sources.configPath}: brand.logo` }
        : null;
  if (logoSet) merged.brand.logo = await logoDataUrl(logoSet.path, logoSet.named, problems);

  const { themeColor } = merged.brand;
  const [fill, text] = [contrastWithWhite(themeColor), contrastWithWhite(darkerShade(themeColor))];
  if (fill < MIN_CONTRAST.fill || text < MIN_CONTRAST.text) {
    problems.push(
      `brand.themeColor ${themeColor} is too light: white on it has a contrast of ${fill.toFixed(1)}:1 (at least ${MIN_CONTRAST.fill}:1) ` +
        `and its darker shade as text on white ${text.toFixed(1)}:1 (at least ${MIN_CONTRAST.text}:1, WCAG AA); pick a darker colour`,
    );
  }
  // The default is always a listed channel; without a list, it is the only one.
  const listed = (variables.channel?.allowed ?? file.channel?.allowed) as string[] | undefined;
  merged.channel.allowed = [...new Set([merged.channel.default, ...(listed ?? [])])];
  merged.captcha = { images: merged.captcha.images, ...readSwitches(file.captcha, variables.captcha, sources.configPath, now, problems) };
  const networks = file.captcha?.networks as NetworkSettings | undefined;
  if (networks) {
    problems.push(...networkProblems(networks, sources.configPath));
    merged.captcha.networks = networks;
  }
  merged.ads = mergeAdsSettings(file.ads, defaults.ads ?? DEFAULT_SITE_SETTINGS.ads);
  problems.push(...adsSettingsProblems(merged.ads, merged.channel.allowed));
  if (merged.channel.allowed.includes(OTHER_CHANNEL_LABEL)) {
    problems.push(
      `channel: "${OTHER_CHANNEL_LABEL}" cannot be a channel code: the funnel's metrics count every unlisted channel under that name`,
    );
  }

  if (problems.length > 0) throw new SiteSettingsError(problems);
  return merged;
}
