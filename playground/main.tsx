import { StrictMode, useMemo, useRef, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { PuzzleCaptcha, type PuzzleCaptchaProps, type PuzzleResult } from '@game-register/puzzle-captcha';
import { SAMPLE_PICTURES } from './sample-pictures';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import './playground.css';

/**
 * A page for people to try every prop of the widget. Test-only query parameters set the starting values:
 * seed (a seeded random source, so a browser test knows where the gap is), type, show, imgs (comma list,
 * or "samples"), canvasWidth, canvasHeight, puzzleScale, sliderSize, range, zIndex, successText, failText,
 * sliderText, className.
 */
const query = new URLSearchParams(location.search);
const num = (name: string) => (query.has(name) ? Number(query.get(name)) : undefined);
const str = (name: string) => query.get(name) ?? undefined;

interface Settings {
  type: 'modal' | 'inside';
  show?: boolean;
  canvasWidth?: number;
  canvasHeight?: number;
  puzzleScale?: number;
  sliderSize?: number;
  range?: number;
  zIndex?: number;
  imgs: string;
  successText?: string;
  failText?: string;
  sliderText?: string;
  className?: string;
  seed: string;
}

const initial: Settings = {
  type: query.get('type') === 'inside' ? 'inside' : 'modal',
  show: query.has('show') ? query.get('show') === '1' : undefined, // undefined: the widget's own default
  canvasWidth: num('canvasWidth'),
  canvasHeight: num('canvasHeight'),
  puzzleScale: num('puzzleScale'),
  sliderSize: num('sliderSize'),
  range: num('range'),
  zIndex: num('zIndex'),
  // One URL a line in the form (data URLs hold commas); the query takes a comma list or "samples".
  imgs: query.get('imgs') === 'samples' ? SAMPLE_PICTURES.join('\n') : (str('imgs') ?? '').split(',').join('\n'),
  successText: str('successText'),
  failText: str('failText'),
  sliderText: str('sliderText'),
  className: str('className'),
  seed: str('seed') ?? '',
};

interface LogEntry {
  id: number;
  name: 'success' | 'fail' | 'close' | 'reset';
  at: number;
  result?: PuzzleResult;
}

const round = (value: number) => Math.round(value * 100) / 100;

function Playground() {
  const [settings, setSettings] = useState(initial);
  const [log, setLog] = useState<LogEntry[]>([]);
  // The bench's baseline: the same state update mounting an empty element instead of the widget.
  const [blank, setBlank] = useState(false);
  const nextId = useRef(1);
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => setSettings((s) => ({ ...s, [key]: value }));
  // A new seeded source whenever the seed changes, so the same seed always gives the same puzzles.
  const random = useMemo(() => (settings.seed === '' ? undefined : seededRandom(Number(settings.seed))), [settings.seed]);
  const imgs = useMemo(
    () =>
      settings.imgs
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean),
    [settings.imgs],
  );

  const record = (name: LogEntry['name'], result?: PuzzleResult) =>
    setLog((entries) => [{ id: nextId.current++, name, at: Math.round(performance.now()), result }, ...entries].slice(0, 50));

  const props: PuzzleCaptchaProps = {
    type: settings.type,
    show: settings.show,
    canvasWidth: settings.canvasWidth,
    canvasHeight: settings.canvasHeight,
    puzzleScale: settings.puzzleScale,
    sliderSize: settings.sliderSize,
    range: settings.range,
    zIndex: settings.zIndex,
    imgs: imgs.length > 0 ? imgs : undefined,
    successText: settings.successText || undefined,
    failText: settings.failText || undefined,
    sliderText: settings.sliderText || undefined,
    className: settings.className || undefined,
    random,
    onSuccess: (_, result) => record('success', result),
    onFail: (_, result) => record('fail', result),
    onClose: () => {
      record('close');
      set('show', false);
    },
    onReset: () => record('reset'),
  };

  (window as unknown as { playground: unknown }).playground = { setShow: (show: boolean) => set('show', show), setBlank };

  return (
    <main className="pg">
      <h1>拼图验证 · 组件试验场</h1>
      <section className="pg-stage" aria-label="预览">
        {blank && <div data-blank="" />}
        {settings.type === 'inside' ? (
          <PuzzleCaptcha {...props} />
        ) : (
          <>
            <button type="button" className="pg-open" onClick={() => set('show', true)}>
              打开验证
            </button>
            <PuzzleCaptcha {...props} />
          </>
        )}
      </section>

      <section className="pg-panel" aria-label="事件">
        <h2>事件</h2>
        <ol className="pg-log" aria-live="off">
          {log.length === 0 && <li className="pg-empty">还没有事件</li>}
          {log.map((entry) => (
            <li key={entry.id} data-event={entry.name} data-at={entry.at}>
              <b>on{entry.name[0]!.toUpperCase() + entry.name.slice(1)}</b> <span>{entry.at} ms</span>
              {entry.result && (
                <code>
                  deviation {round(entry.result.deviation)} · offsetX {round(entry.result.offsetX)} · pinX {entry.result.pinX}
                </code>
              )}
            </li>
          ))}
        </ol>
      </section>

      <section className="pg-panel" aria-label="属性">
        <h2>属性</h2>
        <div className="pg-grid">
          <Field label="type">
            <select value={settings.type} onChange={(e) => set('type', e.target.value as Settings['type'])}>
              <option value="modal">modal</option>
              <option value="inside">inside</option>
            </select>
          </Field>
          <Field label="show">
            <input type="checkbox" checked={settings.show ?? settings.type === 'inside'} onChange={(e) => set('show', e.target.checked)} />
          </Field>
          {(['canvasWidth', 'canvasHeight', 'puzzleScale', 'sliderSize', 'range', 'zIndex'] as const).map((key) => (
            <Field key={key} label={key}>
              <input
                type="number"
                step={key === 'puzzleScale' ? 0.1 : 1}
                value={settings[key] ?? ''}
                placeholder="默认"
                onChange={(e) => set(key, e.target.value === '' ? undefined : Number(e.target.value))}
              />
            </Field>
          ))}
          {(['successText', 'failText', 'sliderText', 'className'] as const).map((key) => (
            <Field key={key} label={key}>
              <input type="text" value={settings[key] ?? ''} placeholder="默认" onChange={(e) => set(key, e.target.value)} />
            </Field>
          ))}
          <Field label="random（种子，空为 Math.random）">
            <input
              type="text"
              inputMode="numeric"
              value={settings.seed}
              placeholder="Math.random"
              onChange={(e) => set('seed', e.target.value)}
            />
          </Field>
          <Field label="imgs（每行一个地址）" wide>
            <textarea rows={3} value={settings.imgs} onChange={(e) => set('imgs', e.target.value)} />
            <span className="pg-actions">
              <button type="button" onClick={() => set('imgs', SAMPLE_PICTURES.join('\n'))}>
                示例图片
              </button>
              <button type="button" onClick={() => set('imgs', '/no-such-picture.png')}>
                坏链接
              </button>
              <button type="button" onClick={() => set('imgs', '')}>
                生成图片
              </button>
            </span>
          </Field>
        </div>
      </section>
    </main>
  );
}

function Field({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <label className={wide ? 'pg-field pg-field--wide' : 'pg-field'}>
      <span>{label}</span>
      {children}
    </label>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Playground />
  </StrictMode>,
);
