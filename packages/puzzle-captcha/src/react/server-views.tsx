// Server mode's parts of the widget, in its chunk: the 无障碍验证 panel over the picture, the button that starts
// it, and what the live region says while it runs. Each reads server mode's state; the widget renders them.
import { useSyncExternalStore } from 'react';
import { announcedPercent, type ServerState } from '../core/server-state';
import './server-mode.css';

const TEXTS = {
  accessible: '无障碍验证',
  intro: '无需看图或拖动：本设备正在自动完成一项计算验证，请稍候',
  progress: (percent: number) => `无障碍验证进行中，已完成 ${percent}%`,
  cancel: '取消',
} as const;

/** What the views need of server mode (server-mode.ts). */
export interface ServerViewSource {
  state: () => ServerState;
  subscribe: (listener: () => void) => () => void;
  start: () => void;
  cancel: () => void;
}

/** The cancel button takes the focus when the panel appears: the button that started it is disabled now. */
const focus = (element: HTMLElement | null) => element?.focus();

/** The views of one server mode, made with it (not during a render): each reads its state. */
export function createServerViews(mode: ServerViewSource) {
  const useServerState = () => useSyncExternalStore(mode.subscribe, mode.state);

  /** The 无障碍验证 panel over the picture while it runs. */
  function AccessiblePanel() {
    const { accessible } = useServerState();
    if (accessible === null) return null;
    return (
      <div className="pcap-ax">
        <span className="pcap-spinner" aria-hidden />
        <p>{TEXTS.intro}</p>
        <p className="pcap-ax-percent" aria-hidden>{accessible}%</p>
        <button ref={focus} type="button" className="pcap-ax-button" onClick={mode.cancel}>
          {TEXTS.cancel}
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

  /** What the live region says: 无障碍验证's progress while it runs, else the widget's own text (the verdict). */
  function ServerAnnouncement({ fallback }: { fallback: string }) {
    const { accessible } = useServerState();
    return accessible === null ? fallback : TEXTS.progress(announcedPercent(accessible));
  }

  return { Panel: AccessiblePanel, Offer: AccessibleOffer, Announcement: ServerAnnouncement };
}
