// The Redis outbox's atomic steps (redis-outbox.ts), each one Lua script, so a kill -9 never leaves half of
// one. Event JSON is stored as the gateway wrote it, never re-encoded in Lua (cjson rounds long numbers).

/** KEYS: seen key, intake stream. ARGV: event JSON, ms to remember the id. 1: added, 0: a duplicate. */
const adsAdd = `
if redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[2]) then
  redis.call('XADD', KEYS[2], '*', 'event', ARGV[1])
  return 1
end
return 0`;

/** KEYS: intake, events, due, counts, age zset. ARGV: group, entry id, event id, JSON, count label, now, created at. */
const adsMove = `
if redis.call('HSETNX', KEYS[2], ARGV[3], ARGV[4]) == 1 then
  redis.call('ZADD', KEYS[3], ARGV[6], ARGV[3])
  redis.call('HINCRBY', KEYS[4], ARGV[5], 1)
  redis.call('ZADD', KEYS[5], ARGV[7], ARGV[3])
end
redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
redis.call('XDEL', KEYS[1], ARGV[2])
return 1`;

/** KEYS: due, events, leases, sends, answers. ARGV: now, limit, lease end, consumer. [json, sends, answers] per due event. */
const adsClaim = `
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
local out = {}
for _, id in ipairs(ids) do
  local json = redis.call('HGET', KEYS[2], id)
  if json then
    local sends = redis.call('HINCRBY', KEYS[4], id, 1)
    local answers = tonumber(redis.call('HGET', KEYS[5], id) or '0')
    redis.call('ZADD', KEYS[1], ARGV[3], id)
    redis.call('HSET', KEYS[3], id, ARGV[4])
    table.insert(out, json)
    table.insert(out, sends)
    table.insert(out, answers)
  else
    redis.call('ZREM', KEYS[1], id)
  end
end
return out`;

/**
 * KEYS: events, due, leases, counts, age prefix, dead, dead reasons, sends, answers.
 * ARGV: id, done|retry|dead, next try, answered (1/0), reason, count label, platform.
 */
const adsSettle = `
local json = redis.call('HGET', KEYS[1], ARGV[1])
if not json then return 0 end
redis.call('HDEL', KEYS[3], ARGV[1])
if ARGV[2] == 'retry' then
  redis.call('HINCRBY', KEYS[9], ARGV[1], tonumber(ARGV[4]))
  redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
  return 1
end
if ARGV[2] == 'dead' then
  redis.call('HSET', KEYS[6], ARGV[1], json)
  redis.call('HSET', KEYS[7], ARGV[1], ARGV[5])
end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[8], ARGV[1])
redis.call('HDEL', KEYS[9], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('HINCRBY', KEYS[4], ARGV[6], -1)
redis.call('ZREM', KEYS[5] .. ARGV[7], ARGV[1])
return 1`;

/** KEYS: leases, due. ARGV: consumer, now. This consumer's leases (from before a restart) end now. */
const adsRelease = `
local leases = redis.call('HGETALL', KEYS[1])
for i = 1, #leases, 2 do
  if leases[i + 1] == ARGV[1] then
    if redis.call('ZSCORE', KEYS[2], leases[i]) then redis.call('ZADD', KEYS[2], ARGV[2], leases[i]) end
    redis.call('HDEL', KEYS[1], leases[i])
  end
end
return 1`;

const numberOfKeys = { adsAdd: 2, adsMove: 5, adsClaim: 5, adsSettle: 9, adsRelease: 2 } as const;
const sources = { adsAdd, adsMove, adsClaim, adsSettle, adsRelease };

export const SCRIPTS = Object.fromEntries(
  Object.entries(sources).map(([name, lua]) => [name, { numberOfKeys: numberOfKeys[name as keyof typeof numberOfKeys], lua }]),
) as Record<keyof typeof sources, { numberOfKeys: number; lua: string }>;
