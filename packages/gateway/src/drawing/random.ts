import { randomBytes } from 'node:crypto';
import type { RandomSource } from '@game-register/puzzle-captcha/core';
import { seededRandom } from '@game-register/puzzle-captcha/core';

const SAMPLE_BYTES = 6;
const POOL_SAMPLES = 256;
let pool = Buffer.alloc(0);
let next = 0;

/** Uniform in [0, 1) from 48 random bits of the system's CSPRNG, read in batches (a puzzle takes about 70). */
export const cryptoRandom: RandomSource = () => {
  if (next + SAMPLE_BYTES > pool.length) {
    pool = randomBytes(SAMPLE_BYTES * POOL_SAMPLES);
    next = 0;
  }
  const value = pool.readUIntBE(next, SAMPLE_BYTES);
  next += SAMPLE_BYTES;
  return value / 2 ** (8 * SAMPLE_BYTES);
};

/** A fresh random source per puzzle: the system's, or the test seed's (every puzzle the same). */
export const randomFor = (seed: number | null): RandomSource => (seed === null ? cryptoRandom : seededRandom(seed));
