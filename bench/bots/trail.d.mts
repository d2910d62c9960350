export interface TrailPoint {
  x: number;
  y: number;
  t: number;
}
export interface TrailLayout {
  width: number;
  pieceSize: number;
}
/** The widget's default handle (sliderSize), which the challenge does not repeat. */
export const SLIDER_SIZE: number;
/** A repeatable random source in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number;
/** How far the handle travels for a piece offset (the protocol's formula). */
export function handleTravel(offsetX: number, layout: TrailLayout): number;
/** A hand's drag to offsetX: about 35 eased samples over 0.6-1.4 s with a little vertical wobble. */
export function humanTrail(offsetX: number, layout: TrailLayout, random?: () => number): TrailPoint[];
/** A script's jump: pressed, then released at the answer 16 ms later. */
export function jumpTrail(offsetX: number, layout: TrailLayout): TrailPoint[];
