// A hand's drag trail, as a test sends it with its answer (in canvas units and milliseconds, like the widget
// records them), so that a consumer's own tests pass the gate; the bots' trails are in testing/attackers/.
// Drag trails:
// x is the pointer's position on the track (the handle is grabbed near its middle), y wobbles a little.

import { createLayout, DEFAULT_SETTINGS, type TrailPoint } from '@game-register/puzzle-captcha/core';

/** The widget's default handle (sliderSize), which the challenge does not repeat. */
export const SLIDER_SIZE = DEFAULT_SETTINGS.sliderSize;

/** A repeatable random source in [0, 1) (mulberry32), so tests and benches can be seeded: the core's own. */
export { seededRandom } from '@game-register/puzzle-captcha/core';

/** What a trail needs of the challenge's layout. */
export interface TrailLayout {
  width: number;
  pieceSize: number;
}

/** The layout of every challenge the gateway draws (the widget's defaults, pictures.ts). */
const GATEWAY_LAYOUT: TrailLayout = createLayout({});

/** How far the handle travels for a piece offset: d = u * (W - s) / (W - p) (the protocol's formula). */
export function handleTravel(offsetX: number, { width, pieceSize }: TrailLayout): number {
  return (offsetX * (width - SLIDER_SIZE)) / (width - pieceSize);
}

/**
 * A hand's drag to `offsetX`: about 35 samples at a jittered 60 Hz over 0.6 to 1.4 s, eased out (fast,
 * then slowing into place), the grab point and the height varying, a little vertical wobble.
 */
export function humanTrail(offsetX: number, layout: TrailLayout = GATEWAY_LAYOUT, random: () => number = Math.random): TrailPoint[] {
  const travel = handleTravel(offsetX, layout);
  const points = 30 + Math.floor(random() * 11);
  const duration = 600 + random() * 800;
  const startX = 18 + random() * 14;
  const baseY = 70 + random() * 20;
  const drift = (random() - 0.5) * 4;
  const trail: TrailPoint[] = [];
  let t = 0;
  for (let i = 0; i < points; i += 1) {
    const progress = i / (points - 1);
    const eased = 1 - (1 - progress) ** 3;
    const jitter = i === 0 || i === points - 1 ? 0 : (random() - 0.5) * 0.8;
    const wobble = Math.sin(progress * Math.PI * (1 + random())) * 1.5 + drift * progress + (random() - 0.5);
    trail.push({ x: Number((startX + travel * eased + jitter).toFixed(2)), y: Number((baseY + wobble).toFixed(2)), t: Math.round(t) });
    t += (duration / (points - 1)) * (0.7 + random() * 0.6);
  }
  return trail;
}
