import Redis from 'ioredis';

export const REDIS_URL = 'redis://127.0.0.1:6379';

/** A connection to the machine's Redis when it answers within a second, else null. */
export async function redisOrNull(): Promise<Redis | null> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return client;
  } catch {
    client.disconnect();
    return null;
  }
}

/** The auth rate limit's refusal: 429 in the envelope, its wait in words, Retry-After equal to retry_after. */
export function expectRateLimited(res: { status: number; body: any; headers: Record<string, any> }): void {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(/^Too many requests\. Please try again in (\d+ seconds?|1 minute)\.$/) });
  const retry = Number(res.headers['retry-after']);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(60);
  expect(res.body.retry_after).toBe(retry);
}
