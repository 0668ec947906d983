/** `npm run openapi`: writes the partner API's OpenAPI document generated from the zod schemas. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { OPENAPI_FILE, renderOpenApi } from '../sandbox/src/openapi-document';

// npm runs scripts from the package root, where the committed file lives.
const target = path.resolve(process.cwd(), OPENAPI_FILE);
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, renderOpenApi());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
