/**
 * A client generated from the OpenAPI document (openapi-typescript types + openapi-fetch) calls
 * the real server over HTTP: the document describes what the server does.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import createClient, { type Client } from "openapi-fetch";
import type { paths } from "./generated/openapi.d.ts";
import { openApiDocument } from "./openapi-document.ts";
import { generatedTypes, generatedTypesPath } from "./openapi-types.ts";
import { createSpeechSynthesizer, type ClosableSynthesizer } from "./speech/speech-synthesizer.ts";
import { buildTestApp } from "./test-support.ts";

let synthesizer: ClosableSynthesizer;
let app: FastifyInstance;
let client: Client<paths>;

beforeAll(async () => {
  synthesizer = await createSpeechSynthesizer({ size: 1 });
  app = await buildTestApp(synthesizer);
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
});
