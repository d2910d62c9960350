import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { seededRandom, type RandomSource } from '@game-register/puzzle-captcha/core';
import type { CaptchaConfig } from '../config';
import captchaApi from './captcha-api';
import { registrationGate } from './gateway';
import { createCaptchaStore } from './store';

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

export interface StrictModeOptions {
  captcha: CaptchaConfig;
  now?: () => number;
}

/**
 * Strict mode on the /api scope: the challenge and verify routes, and the reg gate (an onRequest hook of
 * the enclosing scope, so it guards the embedded API and the proxy alike). Needs the database plugin.
 */
export function registerStrictMode(fastify: FastifyInstance, { captcha, now = Date.now }: StrictModeOptions) {
  const store = createCaptchaStore(fastify.sql, captcha.secret);
  store.secret(); // created at start, not by the first racing requests
  if (captcha.testSeed !== null) fastify.log.warn({ seed: captcha.testSeed }, 'CAPTCHA_TEST_SEED is set: every puzzle is the same (tests only)');
  const seed = captcha.testSeed;
  const randomFor = seed === null ? () => cryptoRandom : () => seededRandom(seed);
  fastify.addHook('onRequest', registrationGate(store, now));
  return fastify.register(captchaApi, { store, randomFor, now });
}
