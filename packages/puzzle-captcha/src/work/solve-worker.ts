// The solving Web Worker for pages with WebCrypto (a secure context): the small one.
import { serveSolving } from './serve-solving';

export type { WorkerReply, WorkerRequest } from './serve-solving';

self.onmessage = serveSolving();
