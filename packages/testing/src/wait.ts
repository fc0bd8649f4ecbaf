export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `check` until it returns something truthy, which it returns; fails after `ms`. */
export async function waitFor<T>(
  check: () => Promise<T | null | undefined | false>,
  ms = 15_000,
  what = 'condition',
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
