/**
 * The failover run's verdict, as a plain function (bench-failover.ts runs the nodes): every
 * request a node acknowledged must be in the database exactly once.
 */

export type DeliveryFigures = {
  /** Ids a node answered 200 or 201 for. */
  acknowledged: number;
  /** Rows in the database. */
  stored: number;
  /** Rows beyond the first for an id (count(*) - count(distinct id)). */
  duplicates: number;
  /** Acknowledged but not in the database. */
  lost: number;
  /** In the database though the client never saw an acknowledgement (it gave up waiting). */
  storedUnacknowledged: number;
};

export function deliveryFigures(acknowledgedIds: Iterable<string>, storedIds: string[]) {
  const acknowledged = new Set(acknowledgedIds);
  const distinctStored = new Set(storedIds);
  let lost = 0;
  for (const id of acknowledged) if (!distinctStored.has(id)) lost += 1;
  let storedUnacknowledged = 0;
  for (const id of distinctStored) if (!acknowledged.has(id)) storedUnacknowledged += 1;
  return {
    acknowledged: acknowledged.size,
    stored: storedIds.length,
    duplicates: storedIds.length - distinctStored.size,
    lost,
    storedUnacknowledged,
  } satisfies DeliveryFigures;
}

export function deliveryProblems(figures: DeliveryFigures, unacknowledged: number): string[] {
  const problems: string[] = [];
  if (figures.lost > 0) problems.push(`${figures.lost} acknowledged requests are not stored`);
  if (figures.duplicates > 0) problems.push(`${figures.duplicates} requests are stored twice`);
  if (figures.acknowledged === 0) problems.push("no request was acknowledged");
  if (unacknowledged > 0) {
    problems.push(`${unacknowledged} requests were never acknowledged in their retry window`);
  }
  return problems;
}
