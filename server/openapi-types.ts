/**
 * TypeScript types for the API, generated from its OpenAPI document by openapi-typescript and
 * kept in src/shared/generated/openapi.d.ts, where the app imports them for its API calls
 * (`npm run api:check -- --write-types` rewrites them; a test fails when they are out of date).
 */
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { format } from "prettier";
import { openApiDocument } from "./openapi-document.ts";

export const generatedTypesPath = fileURLToPath(
  new URL("../src/shared/generated/openapi.d.ts", import.meta.url),
);

export async function generatedTypes(): Promise<string> {
  const ast = await openapiTS(JSON.stringify(await openApiDocument()));
  const header =
    "// Generated from the OpenAPI document by openapi-typescript: do not edit.\n" +
    "// Rewrite with `npm run api:check -- --write-types`.\n";
  return format(header + astToString(ast), { filepath: generatedTypesPath });
}
