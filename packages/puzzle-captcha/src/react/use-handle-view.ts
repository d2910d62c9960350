import { useMemo, useRef, type CSSProperties } from 'react';
import { PIECE_BLEED } from '../core/constants';
import { handleMax, pieceOffsetForHandle, type PuzzleLayout } from '../core/geometry';
import { TEXTS } from './texts';

export interface HandleElements {
  /** The widget's box: the handle position is one custom property on it. */
  root: React.RefObject<HTMLElement | null>;
  handle: React.RefObject<HTMLElement | null>;
}

export interface HandleView {
  value: () => number;
  /**
   * Moves handle, track fill and piece to handle position `d`: one CSS custom property, no React render.
   * `announce` false (pointer moves) leaves the slider's aria value for the release: a drag is announced
   * once where it ends instead of at every pixel.
   */
  apply: (d: number, announce?: boolean) => void;
}

/**
 * The slopes (and the fill's intercept) that turn `--pcap-d`, the handle position in canvas units, into the
 * transforms of handle, fill and piece, in percent of each one's own width (so a scaled-down box needs no
 * measuring). Set once per layout on the box; the stylesheet does the rest.
 */
export function handleViewStyle(layout: PuzzleLayout): CSSProperties {
  const pieceColumn = layout.pieceSize + 2 * PIECE_BLEED;
  return {
    '--pcap-hk': 100 / layout.sliderSize,
    '--pcap-fk': 100 / layout.width,
    '--pcap-fb': ((layout.sliderSize / 2 - layout.width) / layout.width) * 100,
    '--pcap-pk': (pieceOffsetForHandle(1, layout) / pieceColumn) * 100,
  } as CSSProperties;
}

export function useHandleView(layout: PuzzleLayout, { root, handle }: HandleElements): HandleView {
  const value = useRef(0);
  const announced = useRef(0);

  return useMemo(() => {
    const apply = (d: number, announce = true) => {
      value.current = d;
      // One write per move: a custom property is cheaper to set than three transforms to parse.
      root.current?.style.setProperty('--pcap-d', String(d));
      const now = Math.round(d);
      if (announce && handle.current && now !== announced.current) {
        announced.current = now;
        handle.current.setAttribute('aria-valuenow', String(now));
        handle.current.setAttribute('aria-valuetext', TEXTS.position(Math.round((now / (handleMax(layout) || 1)) * 100)));
      }
    };
    return { value: () => value.current, apply };
  }, [layout, root, handle]);
}
