// The operator's guide's examples an operator copies or relies on (docs/site-settings.md, docs/strict-mode.md),
// checked against the server: each is read from the guide itself, so a change to either side that makes them
// disagree fails here.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DEFAULT_SITE_SETTINGS } from '@game-register/site-settings';
import Database from 'libsql';
import { strictConfig } from '../testing/server/strict-mode';
import { fixedChannels } from './channels/site-channels';
import { readSiteSettings } from './site/read-settings';
import { buildTestApp, tempDir } from '../testing/server/test-support';

const README = ['docs/site-settings.md', 'docs/strict-mode.md']
  .map((path) => readFileSync(resolve(import.meta.dirname, '..', path), 'utf8'))
  .join('\n\n');

/** The README's paragraph (or list item) that starts with `start`, its lines joined. */
function paragraph(start: string): string {
  const from = README.indexOf(start);
  if (from < 0) throw new Error(`the README has no paragraph starting ${start}`);
  const end = README.slice(from).search(/\n\n|\n- /);
  return README.slice(from, end < 0 ? undefined : from + end).replace(/\s+/g, ' ');
}

/** The `code` spans of `text` between two phrases that match `pattern`: the examples the sentence gives. */
function examplesBetween(text: string, after: string, before: string, pattern: RegExp): string[] {
  const from = text.indexOf(after);
  const to = text.indexOf(before, from);
  if (from < 0 || to < 0) throw new Error(`the README paragraph has no "${after}" followed by "${before}"`);
  const spans = [...text.slice(from, to).matchAll(/`([^`]+)`/g)].map(([, span]) => span!).filter((span) => pattern.test(span));
  if (spans.length === 0) throw new Error(`no example between "${after}" and "${before}"`);
  return spans;
}

const REG_FIELDS = (code: string, n: number) =>
  `name=readme${n}&Password=secret1&rePassword=secret1&wash=1&washType=2&${code}&mobile=1380013${8000 + n}&QQ=&islogin=true`;

describe("the operator's guide says what the server does", () => {
  it('Channels: the unlisted codes it names go on as the default, the spellings it names are refused with 400', async () => {
    const text = paragraph('**The backend only ever receives a listed code.**');
    const rewritten = examplesBetween(text, 'an unlisted or empty one', 'is replaced by the default', /=/);
    const refused = examplesBetween(text, 'is never sent on:', '(the whole rule', /=/);
    const databasePath = join(await tempDir(), 'app.db');
    const { app } = await buildTestApp({ databasePath }, { channels: fixedChannels({ default: 'H5REG', allowed: ['CH7'], param: 'c' }) });
    const answers = [];
    for (const [n, code] of [...rewritten, ...refused].entries())
      answers.push((await app.inject({ method: 'POST', url: `/api/Index/reg?${REG_FIELDS(code, n)}` })).json());
    await app.close();
    const db = new Database(databasePath);
    const stored = db.prepare('SELECT channel_code AS code FROM accounts ORDER BY id').all() as { code: string }[];
    db.close();
    expect(answers).toEqual([
      ...rewritten.map(() => ({ status: 'y', info: '注册成功' })),
      ...refused.map(() => ({ status: 'n', info: '参数格式不正确' })),
    ]);
    expect(stored.map(({ code }) => code)).toEqual(rewritten.map(() => 'H5REG'));
  });

  it('Strict mode: the reg spellings it names answer 请先完成验证 without a token, 400 or 404 as it says otherwise', async () => {
    const text = paragraph('- `POST /api/Index/reg?…&captchaToken=<token>`');
    const gated = examplesBetween(text, 'Every spelling the server reads as', 'without a valid token answers `n 请先完成验证`', /^\/api/);
    const malformed = examplesBetween(text, 'extra or trailing slashes', '`400`', /^\/api/);
    const unknown = examplesBetween(text, 'a suffix', '`404`', /^\/api/);
    const { app } = await buildTestApp(strictConfig());
    const answer = async (path: string) => {
      const response = await app.inject({ method: 'POST', url: `${path}?${REG_FIELDS('code=H5REG', 1)}` });
      return [response.statusCode, response.json<{ info: string }>().info];
    };
    const answers = { gated: [] as unknown[], malformed: [] as unknown[], unknown: [] as unknown[] };
    for (const path of gated) answers.gated.push(await answer(path));
    for (const path of malformed) answers.malformed.push(await answer(path));
    for (const path of unknown) answers.unknown.push(await answer(path));
    await app.close();
    expect(answers).toEqual({
      gated: gated.map(() => [200, '请先完成验证']),
      malformed: malformed.map(() => [400, '参数格式不正确']),
      unknown: unknown.map(() => [404, '接口不存在']),
    });
  });

  it('Site settings: the example of a refused start is the message the server prints', async () => {
    const example = /```\n(Invalid site settings:\n[\s\S]*?)\n```/.exec(README)?.[1];
    expect(example).toBeDefined();
    const configPath = join(await tempDir(), 'site.json');
    await writeFile(configPath, JSON.stringify({ contact: { wechatId: 'x' }, game: { mobileUrl: 'm.xinghe.example.net' } }));
    const refusal = await readSiteSettings(
      { configPath, env: { SITE_CHANNEL_ALLOWED: 'CH7,' }, cwd: process.cwd() },
      DEFAULT_SITE_SETTINGS,
    ).then(
      () => 'started',
      (error: Error) => error.message.replaceAll(configPath, '/etc/game-register/site.json'),
    );
    expect(refusal).toBe(example);
  });
});
