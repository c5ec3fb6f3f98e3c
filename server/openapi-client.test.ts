/**
 * A client generated from the OpenAPI document (openapi-typescript types + openapi-fetch) calls
 * the real server over HTTP: the document describes what the server does.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import createClient, { type Client } from "openapi-fetch";
import { apiPaths, staffHeader } from "../src/shared/api-contract.ts";
import type { paths } from "../src/shared/generated/openapi.d.ts";
import { openApiDocument } from "./openapi-document.ts";
import { generatedTypes, generatedTypesPath } from "./openapi-types.ts";
import { createSpeechSynthesizer, type ClosableSynthesizer } from "./speech/speech-synthesizer.ts";
import { hashPassword } from "./staff/password.ts";
import { buildTestApp, testSessionSecret } from "./test-support.ts";

let synthesizer: ClosableSynthesizer;
let app: FastifyInstance;
let client: Client<paths>;
const staffPassword = "Tulpar-2026-clinic";

beforeAll(async () => {
  synthesizer = await createSpeechSynthesizer({ size: 1 });
  app = await buildTestApp(synthesizer, {
    staffPasswordHash: await hashPassword(staffPassword),
    staffSessionSecret: testSessionSecret,
  });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  client = createClient<paths>({ baseUrl: address });
});

afterAll(async () => {
  await app?.close();
  await synthesizer?.close();
});

describe("the OpenAPI document", () => {
  it("is the one the generated types were made from", async () => {
    expect(readFileSync(generatedTypesPath, "utf8")).toBe(await generatedTypes());
  });

  it("is served at /api/openapi.json", async () => {
    const served = await fetch(`${app.listeningOrigin}/api/openapi.json`);
    expect(served.status).toBe(200);
    // The same document that is linted and that the types are generated from.
    expect(await served.json()).toEqual(await openApiDocument());
  });

  it("gives a typed client that checks the server's health", async () => {
    const { data, response } = await client.GET("/api/health");
    expect(response.status).toBe(200);
    expect(data?.status).toBe("ok");
  });

  it("gives a typed client that makes speech audio", async () => {
    const { data, error, response } = await client.POST("/generate-tts", {
      body: { text: "Я хочу пойти домой.", language: "ru" },
    });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data?.sampleRate).toBeGreaterThan(0);
    expect(data?.durationMs).toBeGreaterThan(300);
    expect(
      Buffer.from(data?.audio ?? "", "base64")
        .subarray(0, 4)
        .toString("ascii"),
    ).toBe("RIFF");
  });

  it("gives a typed client that gets the documented errors", async () => {
    const { data, error, response } = await client.POST("/generate-tts", {
      // A language the API does not speak: refused with the documented error shape.
      body: { text: "Bonjour", language: "fr" as "ru" },
    });
    expect(data).toBeUndefined();
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it("gives a typed client that stores a contact request, once", async () => {
    const body = {
      id: randomUUID(),
      name: "Aigerim Sadykova",
      email: "aigerim@example.kz",
      subject: "Pilot for our rehabilitation center",
      message: "We would like to try Dauys with ten patients.",
      language: "kk" as const,
      createdAt: new Date().toISOString(),
    };
    const first = await client.POST("/api/requests", { body });
    expect(first.response.status).toBe(201);
    expect(first.data).toEqual({ id: body.id, status: "stored" });
    const retry = await client.POST("/api/requests", { body });
    expect(retry.response.status).toBe(200);
    expect(retry.data).toEqual({ id: body.id, status: "stored" });
  });

  it("gives a typed client that signs in to the staff inbox, reads requests and marks one", async () => {
    const id = randomUUID();
    await client.POST(apiPaths.requests, {
      body: {
        id,
        name: "Nurlan Abenov",
        email: "nurlan@example.kz",
        subject: "Tablets for the ward",
        message: "How many tablets can one licence cover?",
        language: "ru",
        createdAt: new Date().toISOString(),
      },
    });
    const fromInbox = { [staffHeader.name]: staffHeader.value };
    const signIn = await client.POST(apiPaths.staffSession, {
      params: { header: fromInbox },
      body: { password: staffPassword },
    });
    expect(signIn.response.status).toBe(204);
    const session = { Cookie: signIn.response.headers.getSetCookie()[0]!.split(";")[0]! };

    const page = await client.GET(apiPaths.staffRequests, {
      params: { query: { q: "Nurlan" } },
      headers: session,
    });
    expect(page.data).toEqual({
      requests: [expect.objectContaining({ id, subject: "Tablets for the ward", handledAt: null })],
      next: null,
    });

    const marked = await client.PATCH(apiPaths.staffRequest, {
      params: { path: { id }, header: fromInbox },
      body: { handled: true },
      headers: session,
    });
    expect(marked.data?.id).toBe(id);
    expect(new Date(marked.data?.handledAt ?? "").getTime()).toBeGreaterThan(0);

    const signOut = await client.DELETE(apiPaths.staffSession, {
      params: { header: fromInbox },
      headers: session,
    });
    expect(signOut.response.status).toBe(204);
    const after = await client.GET(apiPaths.staffSession, { headers: session });
    expect(after.response.status).toBe(401);
    expect(after.error).toMatchObject({ error: "unauthorized" });
  });
});
