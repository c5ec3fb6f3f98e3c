import { buildApp } from "./app.ts";
import { readConfig } from "./config.ts";
import { createSpeechSynthesizer } from "./speech/speech-synthesizer.ts";
import { UnsuitableDatabaseError } from "./storage/schema.ts";

function configOrStop() {
  try {
    return readConfig();
  } catch (error) {
    // A setting the server cannot work with: its reason alone, without a stack trace.
    console.error(`Dauys cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
}

const config = configOrStop();
const synthesizer = await createSpeechSynthesizer();
const app = await buildApp(config, { logger: true, synthesizer }).catch((error: unknown) => {
  // A database it must not use (server/storage/schema.ts): the reason alone, as for a setting.
  if (!(error instanceof UnsuitableDatabaseError)) throw error;
  console.error(`Dauys cannot start: ${error.message}`);
  process.exit(1);
});
app.addHook("onClose", () => synthesizer.close());

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
