import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { loadConfig } from '../config/config';
import { createApp } from '../bootstrap/create-app';
import { buildOpenApiDocument, serializeOpenApi } from './document';

export const OPENAPI_FILE = resolve(__dirname, '../../../openapi/openapi.json');

/** Builds the OpenAPI document from the code alone (no database connection). */
export async function generateOpenApi(): Promise<string> {
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', SERVE_STATIC: 'false', JWT_SECRET: 'x'.repeat(32) });
  const app = await createApp(config, 'postgres://openapi@127.0.0.1:1/none', { connect: false, logger: false });
  try {
    return serializeOpenApi(buildOpenApiDocument(app));
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  generateOpenApi()
    .then((json) => {
      mkdirSync(dirname(OPENAPI_FILE), { recursive: true });
      writeFileSync(OPENAPI_FILE, json);
      console.log(`wrote ${OPENAPI_FILE}`);
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
