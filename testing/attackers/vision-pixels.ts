// The vision bot's pixel work (vision.ts): decoding, luminance, gradients, masks grown and shrunk, scores.
import { createCanvas, loadImage } from '@napi-rs/canvas';

export interface DecodedPicture {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Pixel lists (x, y in the piece column) of a mask. */
export interface PixelSet {
  xs: number[];
  ys: number[];
}

/** Decodes a picture (a data URL or a path) to RGBA pixels. */
export async function decodePicture(url: string): Promise<DecodedPicture> {
  const source = url.startsWith('data:') ? Buffer.from(url.slice(url.indexOf(',') + 1), 'base64') : url;
  const image = await loadImage(source);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  return { width: image.width, height: image.height, data };
}

/** Luminance per pixel (Rec. 601), as floats. */
export function luminance(picture: DecodedPicture): Float32Array {
  const out = new Float32Array(picture.width * picture.height);
  for (let i = 0, p = 0; i < out.length; i += 1, p += 4)
    out[i] = 0.299 * picture.data[p]! + 0.587 * picture.data[p + 1]! + 0.114 * picture.data[p + 2]!;
  return out;
}

/** Sobel gradient magnitude of a luminance image. */
export function gradient(lum: Float32Array, width: number, height: number): Float32Array {
  const at = (i: number) => lum[i]!;
  const out = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      const gx = at(i - width + 1) + 2 * at(i + 1) + at(i + width + 1) - at(i - width - 1) - 2 * at(i - 1) - at(i + width - 1);
      const gy = at(i + width - 1) + 2 * at(i + width) + at(i + width + 1) - at(i - width - 1) - 2 * at(i - width) - at(i - width + 1);
      out[i] = Math.hypot(gx, gy);
    }
  }
  return out;
}

/** A mask grown (radius > 0) or shrunk (radius < 0) by |radius| pixels (square neighbourhood). */
export function morph(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const grow = radius > 0;
  const r = Math.abs(radius);
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let hit = !grow;
      for (let dy = -r; dy <= r && hit !== grow; dy += 1) {
        for (let dx = -r; dx <= r; dx += 1) {
          const yy = y + dy;
          const xx = x + dx;
          const inside = yy >= 0 && yy < height && xx >= 0 && xx < width && mask[yy * width + xx] === 1;
          if (grow ? inside : !inside) {
            hit = grow;
            break;
          }
        }
      }
      out[y * width + x] = hit ? 1 : 0;
    }
  }
  return out;
}

export function pixelsOf(mask: Uint8Array, width: number): PixelSet {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < mask.length; i += 1) {
    if (mask[i] === 1) {
      xs.push(i % width);
      ys.push(Math.floor(i / width));
    }
  }
  return { xs, ys };
}

/** Standard scores (how many deviations above the candidates' mean). */
export function zScores(scores: number[]): number[] {
  const finite = scores.map((score) => (Number.isFinite(score) ? score : 0));
  const mean = finite.reduce((sum, v) => sum + v, 0) / finite.length;
  const deviation = Math.sqrt(finite.reduce((sum, v) => sum + (v - mean) ** 2, 0) / finite.length) || 1;
  return finite.map((v) => (v - mean) / deviation);
}
