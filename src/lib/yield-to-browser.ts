/**
 * Gives the browser a turn between start-up steps, so that evaluating the code, building the
 * router and loading the page's code are short tasks a slow phone can paint and take input
 * between, instead of one long one.
 */
export function yieldToBrowser(): Promise<void> {
  if (typeof scheduler !== "undefined" && "yield" in scheduler) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
