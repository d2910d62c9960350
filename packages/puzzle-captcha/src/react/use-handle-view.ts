import { useMemo, useRef } from 'react';
import { PIECE_BLEED } from '../core/constants';
import { handleMax, pieceOffsetForHandle, type PuzzleLayout } from '../core/geometry';
import { TEXTS } from './texts';

export interface HandleElements {
  handle: React.RefObject<HTMLDivElement | null>;
  fill: React.RefObject<HTMLDivElement | null>;
  piece: React.RefObject<HTMLCanvasElement | null>;
}

export interface HandleView {
  value: () => number;
  /** Moves handle, track fill and piece to handle position `d`: CSS transforms only, no React render. */
  apply: (d: number) => void;
}

const percent = (part: number, whole: number) => `${(part / whole) * 100}%`;

function moveTo(element: HTMLElement | null, x: string) {
  if (element) element.style.transform = `translateX(${x})`;
}

export function useHandleView(layout: PuzzleLayout, { handle, fill, piece }: HandleElements): HandleView {
  const value = useRef(0);
  const announced = useRef(0);

  return useMemo(() => {
    const pieceColumn = layout.pieceSize + 2 * PIECE_BLEED;
    const apply = (d: number) => {
      value.current = d;
      // Percentages of each element's own width, so a scaled-down box needs no measuring here.
      moveTo(handle.current, percent(d, layout.sliderSize));
      moveTo(fill.current, percent(d + layout.sliderSize / 2 - layout.width, layout.width));
      moveTo(piece.current, percent(pieceOffsetForHandle(d, layout), pieceColumn));
      const now = Math.round(d);
      if (handle.current && now !== announced.current) {
        announced.current = now;
        handle.current.setAttribute('aria-valuenow', String(now));
        handle.current.setAttribute('aria-valuetext', TEXTS.position(Math.round((now / (handleMax(layout) || 1)) * 100)));
      }
    };
    return { value: () => value.current, apply };
  }, [layout, handle, fill, piece]);
}
