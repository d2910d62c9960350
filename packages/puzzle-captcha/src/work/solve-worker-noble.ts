// The solving Web Worker for pages without WebCrypto (plain http, old in-app browsers): @noble/hashes'
// SHA-256 inside, so it needs no chunk of its own whatever worker format the app's bundler uses.
import { sha256 } from '@noble/hashes/sha2.js';
import { serveSolving } from './serve-solving';

self.onmessage = serveSolving((data) => sha256(data) as Uint8Array<ArrayBuffer>);
