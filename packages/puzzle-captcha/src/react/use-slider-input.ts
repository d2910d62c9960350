import { useEffect, useMemo, useRef } from 'react';
import { canvasXFromClient, canvasYFromClient, clampHandle, handleForPointer, handleMax, type PuzzleLayout } from '../core/geometry';
import { canSlide, type PuzzleEvent, type PuzzleStatus } from '../core/machine';
import type { TrailPoint, TrailRecorder } from '../core/trail';
import type { HandleView } from './use-handle-view';

interface Drag {
  pointerId: number;
  /** Where inside the handle it is held, in canvas units. */
  grab: number;
  /** The track as measured at press time: client pixels to canvas units even when the box is scaled. */
  box: { left: number; top: number; width: number };
  /** Server mode's recorder of the drag's trail; none for a puzzle judged in the browser. */
  trail: TrailRecorder | null;
}

interface SliderInputOptions {
  layout: PuzzleLayout;
  view: HandleView;
  handle: React.RefObject<HTMLElement | null>;
  statusRef: { current: PuzzleStatus };
  send: (event: PuzzleEvent) => PuzzleStatus;
  /** Takes the drag's trail (none for the keyboard, or without server mode): a server verifier judges it with the offset. */
  submit: (trail?: TrailPoint[]) => void;
  /** Where a drag's samples go: server mode's recorder once its chunk is here, else nowhere. */
  recorder: () => TrailRecorder | null;
}

const BIG_STEP = 10;

interface PointerSample {
  clientX: number;
  clientY: number;
  /** The event's time stamp (performance.now()'s clock): the trail's time, with no clock read per move. */
  timeStamp: number;
}

/**
 * Pointer and keyboard on the track. Pointer capture keeps one pointer's moves coming; a second pointer is
 * ignored; a press on the track outside the handle brings the handle there, so a tap moves and submits.
 */
export function useSliderInput({ layout, view, handle, statusRef, send, submit, recorder }: SliderInputOptions) {
  const drag = useRef<Drag | null>(null);
  const input = useMemo(() => {
    /** The handle position for a pointer sample, which goes into the trail if one is kept (the first starts it). */
    const step = (event: PointerSample, current: Drag, first?: boolean) => {
      const x = canvasXFromClient(event.clientX, current.box, layout);
      current.trail?.[first ? 'start' : 'add'](x, canvasYFromClient(event.clientY, current.box, layout), event.timeStamp);
      return handleForPointer(x, current.grab, layout);
    };
    // The hot path, outside React's event system: while a drag lasts, a passive capture listener on window
    // takes the dragging pointer's moves first and stops them there, so a move runs no React dispatch (no
    // synthetic event, no walk up the fiber tree) and costs one custom property and, in server mode, a trail
    // sample: the box measured at the press, the event's own time stamp (no clock read), three numbers stored.
    // Other pointers' moves, and every move outside a drag, go through untouched; stopPropagation (not the
    // immediate kind) leaves a host's own capture listeners on window every move (the package README says so).
    const move = (event: PointerEvent) => {
      const current = drag.current;
      if (!current || current.pointerId !== event.pointerId) return;
      event.stopPropagation();
      view.apply(step(event, current), false);
    };
    const stopMoves = () => window.removeEventListener('pointermove', move, true);
    const end = (pointerId: number) => {
      const current = drag.current;
      if (!current || current.pointerId !== pointerId) return null;
      drag.current = null;
      stopMoves();
      return current;
    };
    const cancel = (event: React.PointerEvent) => {
      if (!end(event.pointerId)) return;
      view.apply(0);
      send('cancel');
    };
    return {
      stopMoves,
      handlers: {
        onPointerDown(event: React.PointerEvent<HTMLElement>) {
          if (drag.current || statusRef.current !== 'ready') return;
          if (event.pointerType === 'mouse' && event.button !== 0) return;
          // No compatibility mouse events (mousemove...) for this press: each would be one more dispatch per move.
          event.preventDefault();
          const track = event.currentTarget;
          const rect = track.getBoundingClientRect();
          const box = { left: rect.left, top: rect.top, width: rect.width };
          const onHandle = handle.current?.contains(event.target as Node) ?? false;
          const pointerX = canvasXFromClient(event.clientX, box, layout);
          drag.current = {
            pointerId: event.pointerId,
            grab: onHandle ? pointerX - view.value() : layout.sliderSize / 2,
            box,
            trail: recorder(),
          };
          window.addEventListener('pointermove', move, { capture: true, passive: true });
          try {
            track.setPointerCapture(event.pointerId);
          } catch {
            // A pointer the browser does not know (a synthetic event) cannot be captured; moves still arrive.
          }
          send('grab');
          view.apply(step(event, drag.current, true));
        },
        onPointerUp(event: React.PointerEvent) {
          const current = end(event.pointerId);
          if (!current) return;
          view.apply(step(event, current));
          submit(current.trail?.take());
        },
        onPointerCancel: cancel,
        onLostPointerCapture: cancel,
        onKeyDown(event: React.KeyboardEvent) {
          if (drag.current || !canSlide(statusRef.current)) return;
          const value = Math.round(view.value());
          const by = event.shiftKey ? BIG_STEP : 1;
          const targets: Record<string, number> = {
            ArrowRight: value + by,
            ArrowUp: value + by,
            ArrowLeft: value - by,
            ArrowDown: value - by,
            PageUp: value + BIG_STEP,
            PageDown: value - BIG_STEP,
            Home: 0,
            End: handleMax(layout),
          };
          if (event.key === 'Enter') {
            event.preventDefault();
            submit();
            return;
          }
          const target = targets[event.key];
          if (target === undefined) return;
          event.preventDefault();
          view.apply(clampHandle(target, layout));
        },
      },
    };
  }, [layout, view, handle, statusRef, send, submit, recorder]);
  // A drag under way when the widget hides or its settings change stops listening.
  useEffect(() => input.stopMoves, [input]);
  return input.handlers;
}
