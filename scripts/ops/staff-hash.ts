/**
 * `npm run --silent staff:hash`: asks for the staff inbox's password (twice, not shown as it is
 * typed) and prints the hash to put in STAFF_PASSWORD_HASH. Piped input is read as the password:
 * `printf %s "$PASSWORD" | npm run --silent staff:hash`.
 */
import { hashPassword } from "../../server/staff/password.ts";

const minimumLength = 12;

async function readHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    let text = "";
    for await (const chunk of input) text += String(chunk);
    return text.replace(/\r?\n$/, "");
  }
  process.stderr.write(prompt);
  input.setRawMode(true);
  let typed = "";
  try {
    for await (const chunk of input) {
      for (const char of String(chunk)) {
        if (char === "\r" || char === "\n") return typed;
        if (char === "\u0003") throw new Error("cancelled");
        if (char === "\u007f") typed = typed.slice(0, -1);
        else typed += char;
      }
    }
    return typed;
  } finally {
    input.setRawMode(false);
    process.stderr.write("\n");
  }
}

try {
  const password = await readHidden("Staff password: ");
  if (process.stdin.isTTY) {
    const again = await readHidden("The same again: ");
    if (again !== password) throw new Error("the two passwords differ");
  }
  if ([...password].length < minimumLength) {
    throw new Error(`use at least ${minimumLength} characters`);
  }
  process.stdout.write(`${await hashPassword(password)}\n`);
} catch (error) {
  process.stderr.write(`staff:hash: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
