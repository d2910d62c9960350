import { useEffect, useId, useMemo, useRef, type CSSProperties } from 'react';
import { DEFAULT_SETTINGS, PIECE_BLEED } from '../core/constants';
import { createLayout, handleMax } from '../core/geometry';
import { canDismiss, canRefresh, canSlide } from '../core/machine';
import { platformRandom } from '../core/random';
import { Icon } from './icons';
import { ModalFrame } from './modal-frame';
import { DEFAULT_TEXTS, TEXTS } from './texts';
import type { PuzzleCaptchaProps } from './types';
import { handleViewStyle, useHandleView } from './use-handle-view';
import { loadServerMode, usePuzzleSession } from './use-puzzle-session';
import { useSliderInput } from './use-slider-input';
import './puzzle-captcha.css';
import './puzzle-captcha-controls.css';

const NO_IMAGES: readonly string[] = [];
const percent = (part: number, whole: number) => `${(part / whole) * 100}%`;

/** The slider puzzle: drag (or tap, or use the keyboard) to move the piece into the gap. */
export function PuzzleCaptcha(props: PuzzleCaptchaProps) {
  const type = props.type ?? 'modal';
  const lastImage = useRef(-1);
  const serverMode = props.server !== undefined;
  useEffect(() => {
    if (serverMode) loadServerMode().catch(() => undefined); // preloaded, even hidden; a failure is retried on showing
  }, [serverMode]);
  if (!(props.show ?? type === 'inside')) return null;
  // Mounted only while shown: hiding drops status, banner and timers with the component.
  return <PuzzleBox key={type} {...props} type={type} lastImage={lastImage} />;
}

interface PuzzleBoxProps extends PuzzleCaptchaProps {
  type: 'modal' | 'inside';
  lastImage: { current: number };
}

function PuzzleBox(props: PuzzleBoxProps) {
  const { type, className, canvasWidth, canvasHeight, puzzleScale, sliderSize } = props;
  const successText = props.successText ?? DEFAULT_TEXTS.successText;
  const failText = props.failText ?? DEFAULT_TEXTS.failText;
  const sliderText = props.sliderText ?? DEFAULT_TEXTS.sliderText;
  const layout = useMemo(
    () => createLayout({ canvasWidth, canvasHeight, puzzleScale, sliderSize }),
    [canvasWidth, canvasHeight, puzzleScale, sliderSize],
  );
  const stage = useRef<HTMLDivElement>(null);
  const board = useRef<HTMLCanvasElement>(null);
  const piece = useRef<HTMLCanvasElement>(null);
  const handle = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const view = useHandleView(layout, { root, handle });
  const session = usePuzzleSession({
    ...props,
    layout,
    view,
    stage,
    board,
    piece,
    images: props.imgs ?? NO_IMAGES,
    range: props.range ?? DEFAULT_SETTINGS.range,
    random: props.random ?? platformRandom,
  });
  const { onKeyDown, ...trackHandlers } = useSliderInput({ layout, view, handle, ...session });
  const hintId = useId();
  const { status } = session;
  const verdict = status === 'success' || status === 'failure' ? status : null;
  const verdictText = status === 'success' ? successText : status === 'failure' ? failText : '';
  const { server } = session;

  const widget = (
    <div
      ref={root}
      className={['pcap', `pcap--${status}`, type === 'inside' && className].filter(Boolean).join(' ')}
      data-state={status}
      role={type === 'inside' ? 'group' : undefined}
      aria-label={type === 'inside' ? TEXTS.title : undefined}
      style={type === 'inside' ? { ...handleViewStyle(layout), width: layout.width } : handleViewStyle(layout)}
    >
      <div ref={stage} className="pcap-stage" style={{ aspectRatio: `${layout.width} / ${layout.height}` }}>
        <canvas ref={board} className="pcap-board" role="img" aria-label={TEXTS.picture} />
        <canvas
          ref={piece}
          className="pcap-piece"
          aria-hidden
          style={{ left: percent(-PIECE_BLEED, layout.width), width: percent(layout.pieceSize + 2 * PIECE_BLEED, layout.width) }}
        />
        {status === 'loading' && (
          <div className="pcap-loading" aria-hidden>
            <span className="pcap-spinner" />
            {TEXTS.loading}
          </div>
        )}
        {verdict && (
          <div className={`pcap-banner pcap-banner--${verdict}`} aria-hidden>
            <Icon name={verdict === 'success' ? 'check' : 'cross'} />
            {verdictText}
          </div>
        )}
        <button type="button" className="pcap-refresh" aria-label={TEXTS.refresh} disabled={!canRefresh(status)} onClick={session.refresh}>
          <Icon name="refresh" />
        </button>
        {server && <server.Panel />}
      </div>
      <div className="pcap-track" {...trackHandlers}>
        <div className="pcap-fill-clip">
          <div className="pcap-fill" />
        </div>
        <span className="pcap-caption" aria-hidden style={{ paddingLeft: percent(layout.sliderSize, layout.width) }}>
          {sliderText}
        </span>
        <div
          ref={handle}
          className="pcap-handle"
          role="slider"
          tabIndex={0}
          aria-label={sliderText}
          aria-describedby={hintId}
          aria-valuemin={0}
          aria-valuemax={handleMax(layout)}
          aria-valuenow={0 /* moved imperatively by the view while sliding; React sets only the start */}
          aria-valuetext={TEXTS.position(0)}
          aria-disabled={!canSlide(status)}
          style={{ width: percent(layout.sliderSize, layout.width) }}
          onKeyDown={onKeyDown}
        >
          <Icon name={status === 'success' ? 'check' : status === 'failure' ? 'cross' : 'arrow'} />
        </div>
      </div>
      {server && <server.Offer ready={status === 'ready'} />}
      <span id={hintId} className="pcap-sr">
        {TEXTS.keyboardHint}
      </span>
      <div className="pcap-sr" aria-live="polite">
        {server ? <server.Announcement fallback={verdictText} /> : verdictText}
      </div>
    </div>
  );

  if (type === 'inside') return widget;
  return (
    <ModalFrame
      zIndex={props.zIndex ?? DEFAULT_SETTINGS.zIndex}
      className={className}
      style={{ '--pcap-width': `${layout.width}px` } as CSSProperties}
      initialFocus={handle}
      onClose={() => props.onClose?.()}
      onBackdrop={() => {
        if (canDismiss(session.statusRef.current)) props.onClose?.();
      }}
    >
      {widget}
    </ModalFrame>
  );
}
