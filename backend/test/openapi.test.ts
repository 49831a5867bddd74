import { readFileSync } from 'node:fs';
import { generateOpenApi, OPENAPI_FILE } from '../src/openapi/write-openapi';

describe('openapi/openapi.json', () => {
  it('is what the code generates (run `npm run openapi` after changing the API)', async () => {
    const generated = await generateOpenApi();
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(generated);
  });
});
