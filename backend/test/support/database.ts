import { Client } from 'pg';

/** The URL the API tests use: TEST_DATABASE_URL, or the embedded database global setup started. */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL || process.env.__EMBEDDED_TEST_DB_URL;
  if (!url) throw new Error('No test database: global setup did not run');
  return url;
}

export async function resetSchema(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
}
