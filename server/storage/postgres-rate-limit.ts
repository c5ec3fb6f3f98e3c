/**
 * A @fastify/rate-limit store in PostgreSQL, so that every node behind a load balancer counts
 * against the same limit. One atomic upsert per request: a fixed window per key, like the
 * plugin's own in-memory store, reset once it has ended. Ended windows are swept now and then.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import pg from "pg";
import { openMigratedPool } from "./requests-postgres.ts";

const increment = `
  INSERT INTO rate_limits AS r (key, count, window_ends)
  VALUES ($1, 1, now() + $2 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN r.window_ends <= now() THEN 1 ELSE r.count + 1 END,
    window_ends = CASE WHEN r.window_ends <= now() THEN EXCLUDED.window_ends ELSE r.window_ends END
  RETURNING count, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (window_ends - now())) * 1000))::float8 AS ttl`;

/** About one request in this many also deletes the counters whose window has ended. */
const sweepEvery = 200;

export async function openPostgresRateLimitStore(databaseUrl: string): Promise<{
  Store: FastifyRateLimitStoreCtor;
  pool: pg.Pool;
  close: () => Promise<void>;
}> {
  const pool = await openMigratedPool(databaseUrl, 5);

  function store(prefix: string): FastifyRateLimitStore {
    return {
      incr(key, callback, timeWindow) {
        pool
          .query<{ count: number; ttl: number }>(increment, [`${prefix}${key}`, timeWindow])
          .then(({ rows }) => {
            callback(null, { current: rows[0]!.count, ttl: rows[0]!.ttl });
            if (Math.random() * sweepEvery < 1) {
              void pool
                .query("DELETE FROM rate_limits WHERE window_ends < now() - interval '1 hour'")
                .catch(() => {});
            }
          }, callback);
      },
      // Each route counts on its own, as with the in-memory store.
      child: (routeOptions) => store(`${routeOptions.method}:${routeOptions.url}:`),
    };
  }

  return {
    Store: class {
      constructor() {
        return store("global:");
      }
    } as unknown as FastifyRateLimitStoreCtor,
    pool,
    close: () => pool.end(),
  };
}
