/** 无障碍验证 (the path without the picture): its own limit per address, tighter than the puzzle's. */
export const ACCESSIBLE_LIMIT = { max: 6, windowMs: 10 * 60_000 };
