// The pixel work of the public slider solvers (public-solvers.ts), as OpenCV does it: a Gaussian blur, Canny's
// edge map (Sobel, non-maximum suppression, hysteresis), and matchTemplate's TM_CCOEFF_NORMED along one band
// of rows. Plain loops over Float32Arrays: what a script in any language gets from a few library calls.

/** A single-channel picture. */
export interface Plane {
  width: number;
  height: number;
  values: Float32Array;
}

/** The 5x5 Gaussian (sigma 1.4, binomial weights) most solvers run before Canny, with clamped borders. */
export function gaussianBlur({ width, height, values }: Plane): Plane {
  const weights = [1, 4, 6, 4, 1];
  const pass = (from: Float32Array, dx: number, dy: number) => {
    const out = new Float32Array(from.length);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        let sum = 0;
        for (let k = -2; k <= 2; k += 1) {
          const xx = Math.min(width - 1, Math.max(0, x + k * dx));
          const yy = Math.min(height - 1, Math.max(0, y + k * dy));
          sum += weights[k + 2]! * from[yy * width + xx]!;
        }
        out[y * width + x] = sum / 16;
      }
    }
    return out;
  };
  return { width, height, values: pass(pass(values, 1, 0), 0, 1) };
}

/** Sobel derivatives, x and y. */
function sobel({ width, height, values: v }: Plane) {
  const gx = new Float32Array(v.length);
  const gy = new Float32Array(v.length);
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      gx[i] = v[i - width + 1]! + 2 * v[i + 1]! + v[i + width + 1]! - v[i - width - 1]! - 2 * v[i - 1]! - v[i + width - 1]!;
      gy[i] = v[i + width - 1]! + 2 * v[i + width]! + v[i + width + 1]! - v[i - width - 1]! - 2 * v[i - width]! - v[i - width + 1]!;
    }
  }
  return { gx, gy };
}

/** Sobel gradient magnitude (L1, OpenCV's default): the "Sobel edges" variant. */
export function sobelMagnitude(plane: Plane): Plane {
  const { gx, gy } = sobel(plane);
  return { ...plane, values: gx.map((x, i) => Math.abs(x) + Math.abs(gy[i]!)) };
}

/** Canny's binary edge map (0 or 255) with OpenCV's L1 gradient and its two thresholds. */
export function canny(plane: Plane, low: number, high: number): Plane {
  const { width, height } = plane;
  const { gx, gy } = sobel(plane);
  const magnitude = gx.map((x, i) => Math.abs(x) + Math.abs(gy[i]!));
  const state = new Uint8Array(width * height); // 0 none, 1 weak, 2 strong
  const tan22 = Math.tan(Math.PI / 8);
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      const m = magnitude[i]!;
      if (m <= low) continue;
      const [ax, ay] = [Math.abs(gx[i]!), Math.abs(gy[i]!)];
      // Neighbours across the edge, along the gradient's direction (0, 45, 90 or 135 degrees).
      let step: number;
      if (ay <= ax * tan22) step = 1;
      else if (ax <= ay * tan22) step = width;
      else step = gx[i]! * gy[i]! > 0 ? width + 1 : width - 1;
      if (m < magnitude[i - step]! || m <= magnitude[i + step]!) continue;
      state[i] = m > high ? 2 : 1;
    }
  }
  // Hysteresis: weak edges kept where they touch a strong one.
  const stack: number[] = [];
  for (let i = 0; i < state.length; i += 1) if (state[i] === 2) stack.push(i);
  while (stack.length > 0) {
    const i = stack.pop()!;
    for (const d of [-width - 1, -width, -width + 1, -1, 1, width - 1, width, width + 1]) {
      if (state[i + d] === 1) {
        state[i + d] = 2;
        stack.push(i + d);
      }
    }
  }
  return { width, height, values: Float32Array.from(state, (s) => (s === 2 ? 255 : 0)) };
}

/** A rectangle of a plane, in pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export function crop({ width, values }: Plane, box: Box): Plane {
  const out = new Float32Array(box.width * box.height);
  for (let y = 0; y < box.height; y += 1)
    for (let x = 0; x < box.width; x += 1) out[y * box.width + x] = values[(box.top + y) * width + box.left + x]!;
  return { width: box.width, height: box.height, values: out };
}

/**
 * matchTemplate's TM_CCOEFF_NORMED of `template` against `image` with the template's top at row `top`, for
 * every left edge that keeps it inside: the scores, by left edge.
 */
export function correlateAlongRow(image: Plane, template: Plane, top: number): Float32Array {
  const { width: tw, height: th, values: t } = template;
  const n = tw * th;
  const tMean = t.reduce((sum, v) => sum + v, 0) / n;
  const tDev = t.map((v) => v - tMean);
  const tNorm = Math.sqrt(tDev.reduce((sum, v) => sum + v * v, 0));
  const scores = new Float32Array(Math.max(0, image.width - tw + 1));
  for (let left = 0; left < scores.length; left += 1) {
    let sum = 0;
    let squares = 0;
    let cross = 0;
    for (let y = 0; y < th; y += 1) {
      const row = (top + y) * image.width + left;
      for (let x = 0; x < tw; x += 1) {
        const value = image.values[row + x]!;
        sum += value;
        squares += value * value;
        cross += value * tDev[y * tw + x]!;
      }
    }
    const variance = squares - (sum * sum) / n;
    scores[left] = tNorm > 0 && variance > 1e-6 ? cross / (tNorm * Math.sqrt(variance)) : 0;
  }
  return scores;
}

/** The index of the largest value. */
export function argMax(values: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < values.length; i += 1) if (values[i]! > values[best]!) best = i;
  return best;
}
