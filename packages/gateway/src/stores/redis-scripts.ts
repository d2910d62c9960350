// The Lua scripts of the Redis store (redis-store.ts): each one atomic step on the keys it is given.

/**
 * Counts an answer against its address before it is judged, unless the address is locked. KEYS: address
 * count, address lock. ARGV: now, window ms. Returns {count, 0}, or {0, locked until}.
 */
export const COUNT_ATTEMPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local locked = tonumber(redis.call('GET', KEYS[2]) or '0')
if locked > now then return {0, locked} end
local latest = tonumber(redis.call('HGET', KEYS[1], 'at') or '0')
local count = 1
if latest > now - window then count = redis.call('HINCRBY', KEYS[1], 'count', 1)
else redis.call('HSET', KEYS[1], 'count', 1) end
redis.call('HSET', KEYS[1], 'at', now)
redis.call('PEXPIRE', KEYS[1], window)
return {count, 0}`;

/**
 * Settles a counted answer. A pass takes its count back (never below 0); a failure locks the address once
 * its count has reached the threshold (unless the lock is 0 ms: a carrier NAT, never locked; Redis refuses PX 0) and,
 * when a network is named (KEYS[3]), counts one failure for it in
 * a fixed window from its first. KEYS: address count, address lock[, network count]. ARGV: passed (1/0),
 * threshold, now, lock ms, window ms.
 */
export const SETTLE_ATTEMPT = `
if ARGV[1] == '1' then
  if tonumber(redis.call('HGET', KEYS[1], 'count') or '0') > 0 then redis.call('HINCRBY', KEYS[1], 'count', -1) end
  return 0
end
local now = tonumber(ARGV[3])
if tonumber(ARGV[4]) > 0 and tonumber(redis.call('HGET', KEYS[1], 'count') or '0') >= tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], now + tonumber(ARGV[4]), 'PX', ARGV[4])
end
if KEYS[3] then
  local ends = tonumber(redis.call('HGET', KEYS[3], 'ends') or '0')
  if ends <= now then
    redis.call('HSET', KEYS[3], 'count', 1, 'ends', now + tonumber(ARGV[5]))
    redis.call('PEXPIRE', KEYS[3], ARGV[5])
  else redis.call('HINCRBY', KEYS[3], 'count', 1) end
end
return 1`;

/** A fixed window from its first call, on the store's clock. KEYS: counter hash. ARGV: now, window ms. Returns {count, ends}. */
export const COUNT_HIT = `
local now = tonumber(ARGV[1])
local ends = tonumber(redis.call('HGET', KEYS[1], 'ends') or '0')
if ends <= now then
  ends = now + tonumber(ARGV[2])
  redis.call('HSET', KEYS[1], 'count', 1, 'ends', ends)
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1, ends}
end
return {redis.call('HINCRBY', KEYS[1], 'count', 1), ends}`;

/**
 * A challenge's admission: the caller's standing (read as `standing` reads it) and, unless its address is
 * locked or its hits are past `max` in their window (then max + 1, nothing written), one more hit counted as
 * COUNT_HIT counts it. KEYS: address count, address lock, network count, hit counter. ARGV: now, window ms,
 * max. Returns {count, at, lock, network count, network ends, hits, hits' end} (false, read as null, for what
 * is not there; hits 0 when locked).
 */
export const ADMIT_CHALLENGE = `
local now = tonumber(ARGV[1])
local failures = redis.call('HMGET', KEYS[1], 'count', 'at')
local lock = redis.call('GET', KEYS[2])
local network = redis.call('HMGET', KEYS[3], 'count', 'ends')
local standing = {failures[1], failures[2], lock, network[1], network[2]}
if tonumber(lock or '0') > now then return {standing[1], standing[2], standing[3], standing[4], standing[5], 0, 0} end
local ends = tonumber(redis.call('HGET', KEYS[4], 'ends') or '0')
local hits
if ends > now then
  local counted = tonumber(redis.call('HGET', KEYS[4], 'count') or '0')
  if counted >= tonumber(ARGV[3]) then return {standing[1], standing[2], standing[3], standing[4], standing[5], counted + 1, ends} end
end
if ends <= now then
  ends = now + tonumber(ARGV[2])
  redis.call('HSET', KEYS[4], 'count', 1, 'ends', ends)
  redis.call('PEXPIRE', KEYS[4], ARGV[2])
  hits = 1
else hits = redis.call('HINCRBY', KEYS[4], 'count', 1) end
return {standing[1], standing[2], standing[3], standing[4], standing[5], hits, ends}`;

/**
 * One pass from a token bucket {tokens, at}: refilled for the time since its last take, up to its burst; a
 * refusal writes nothing. KEYS: bucket. ARGV: now, burst, per minute, ttl ms. Returns {1, 0} or {0, wait ms}.
 */
export const TAKE_ALLOWANCE = `
local now = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local rate = tonumber(ARGV[3]) / 60000
local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = burst
if bucket[1] then tokens = math.min(burst, tonumber(bucket[1]) + (now - tonumber(bucket[2])) * rate) end
if tokens < 1 then
  if rate <= 0 then return {0, -1} end
  return {0, math.ceil((1 - tokens) / rate)}
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens - 1), 'at', now)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {1, 0}`;
