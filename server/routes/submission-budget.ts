/**
 * The budget all public submissions share on one node, whoever sends them: a token bucket that
 * holds up to `perMinute` submissions and refills at `perMinute` a minute. The per-client rate
 * limit stops one client; this stops a flood from many (a botnet, or every address behind a
 * proxy that is not trusted) from filling the database and slowing the inbox and the speech API
 * that share the server. A refused submission is told when a token will be back; the contact
 * form's outbox keeps it and tries again.
 */
export type BudgetVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/** One a node, shared by POST /api/requests and the plain form's POST /contact. */
export type SubmissionBudget = ReturnType<typeof createSubmissionBudget>;

export function createSubmissionBudget(perMinute: number, now: () => number = Date.now) {
  const refillPerMs = perMinute / 60_000;
  let tokens = perMinute;
  let updatedAt = now();
  return {
    take(): BudgetVerdict {
      const time = now();
      tokens = Math.min(perMinute, tokens + (time - updatedAt) * refillPerMs);
      updatedAt = time;
      if (tokens >= 1) {
        tokens -= 1;
        return { ok: true };
      }
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / refillPerMs / 1000)),
      };
    },
  };
}
