/** The API's OpenAPI document as the server serves it at /api/openapi.json. */
import { buildOpenApiDocument } from "./routes/openapi.ts";
import { requestsOpenApiPaths } from "./routes/requests.ts";

export const openApiDocument = () => buildOpenApiDocument(requestsOpenApiPaths);
