import type { Allowance } from '../core/rules/policy';

/** How long a bucket is kept after its last take: until it is full again (it is then the same as none). */
export const allowanceTtlMs = ({ burst, perMinute }: Allowance) => Math.ceil((burst * 60_000) / Math.max(perMinute, 1e-6)) + 1000;
