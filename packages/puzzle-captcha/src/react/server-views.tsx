// Server mode's parts of the widget, in its chunk: the 无障碍验证 panel over the picture, the button that starts
// it, a refusal's wait with its retry, and what the live region says meanwhile. Each reads server mode's state;
// the widget renders them.
import { useEffect, useReducer, useState, useSyncExternalStore } from 'react';
import { announcedPercent, type ServerState } from '../core/server-state';
import './server-mode.css';

const duration = (minutes: number, seconds: number) =>
  minutes === 0 ? `${seconds} 秒` : seconds === 0 ? `${minutes} 分钟` : `${minutes} 分 ${seconds} 秒`;

const TEXTS = {
  accessible: '无障碍验证',
  intro: '无需看图或拖动：本设备正在自动完成一项计算验证，请稍候',
  progress: (percent: number) => `无障碍验证进行中，已完成 ${percent}%`,
  cancel: '取消',
  busy: '请求过于频繁',
  // A minute or more as minutes and seconds: a quota's wait can be many minutes, and it is said as it is.
  wait: (seconds: number) => `${TEXTS.busy}，请 ${duration(Math.floor(seconds / 60), seconds % 60)}后重试`,
  retry: '重试',
  over: '现在可以重试',
} as const;

/** What the views need of server mode (server-mode.ts). */
export interface ServerViewSource {
  state: () => ServerState;
  subscribe: (listener: () => void) => () => void;
  start: () => void;
  cancel: () => void;
  /** A new puzzle once the wait is over (nothing before). */
  retry: () => void;
  /** A monotonic reading in ms, the one the wait's end was taken on. */
  clock: () => number;
}

/** The cancel button takes the focus when the panel appears: the button that started it is disabled now. */
const focus = (element: HTMLElement | null) => element?.focus();

/** The views of one server mode, made with it (not during a render): each reads its state. */
export function createServerViews(mode: ServerViewSource) {
  const useServerState = () => useSyncExternalStore(mode.subscribe, mode.state);

  /** What covers the picture: a refusal's wait, or the 无障碍验证 panel while it runs. */
  function Panel() {
    const { accessible, wait } = useServerState();
    if (wait) return <Countdown key={wait.until} until={wait.until} />;
    if (accessible === null) return null;
    return (
      <div className="pcap-ax">
        <span className="pcap-spinner" aria-hidden />
        <p>{TEXTS.intro}</p>
        <p className="pcap-ax-percent" aria-hidden>
          {accessible}%
        </p>
        <button ref={focus} type="button" className="pcap-ax-button" onClick={mode.cancel}>
          {TEXTS.cancel}
        </button>
      </div>
    );
  }

  /**
   * A refusal's wait over the picture: the seconds left, counted down from its end (never by adding up ticks),
   * and the retry button, focused at once and usable when the time is up (aria-disabled until then, so it keeps
   * the focus and a screen reader says it is not yet available). The live region says the wait once (below).
   */
  function Countdown({ until }: { until: number }) {
    const [, tick] = useReducer((n: number) => n + 1, 0);
    const ms = until - mode.clock();
    const seconds = Math.max(0, Math.ceil(ms / 1000));
    useEffect(() => {
      if (seconds === 0) return;
      // A render when the number shown next changes (a timer fired a little early renders once more, no harm).
      const timer = setTimeout(tick, ms - (seconds - 1) * 1000);
      return () => clearTimeout(timer);
    });
    const retry = (event: React.MouseEvent<HTMLElement>) => {
      if (seconds > 0) return;
      // The button goes with the wait: the focus goes to the new puzzle's handle, not to the page.
      event.currentTarget.closest('.pcap')?.querySelector<HTMLElement>('.pcap-handle')?.focus();
      mode.retry();
    };
    return (
      <div className="pcap-ax pcap-wait">
        <p aria-hidden>{seconds > 0 ? TEXTS.wait(seconds) : TEXTS.over}</p>
        <button ref={focus} type="button" className="pcap-ax-button" aria-disabled={seconds > 0} onClick={retry}>
          {TEXTS.retry}
        </button>
      </div>
    );
  }

  /** The button that starts it, when the server offers it; enabled while the puzzle is ready. */
  function AccessibleOffer({ ready }: { ready: boolean }) {
    const { offered } = useServerState();
    if (!offered) return null;
    return (
      <button type="button" className="pcap-ax-offer" disabled={!ready} onClick={mode.start}>
        {TEXTS.accessible}
      </button>
    );
  }

  /** Whether the wait that ends at `until` is over: one render when it ends (a timer that fires early waits on). */
  function useWaitOver(until: number | undefined) {
    const [ended, setEnded] = useState<number>();
    useEffect(() => {
      if (until === undefined) return;
      let timer: ReturnType<typeof setTimeout>;
      const check = () => {
        const left = until - mode.clock();
        if (left <= 0) setEnded(until);
        else timer = setTimeout(check, left);
      };
      check();
      return () => clearTimeout(timer);
    }, [until]);
    return until !== undefined && ended === until;
  }

  /**
   * What the live region says: a refusal's wait as it was given (once, not each second), once more when it is
   * over (the retry is usable now), 无障碍验证's progress while it runs, else the widget's own text (the verdict).
   */
  function ServerAnnouncement({ fallback }: { fallback: string }) {
    const { accessible, wait } = useServerState();
    const over = useWaitOver(wait?.until);
    if (wait) return over ? TEXTS.over : TEXTS.wait(wait.seconds);
    return accessible === null ? fallback : TEXTS.progress(announcedPercent(accessible));
  }

  return { Panel, Offer: AccessibleOffer, Announcement: ServerAnnouncement };
}
