/** Patterns of credentials that must never ship in the bundle. */
export const secretPatterns: { name: string; pattern: RegExp }[] = [
  { name: "Hugging Face token", pattern: /\bhf_[A-Za-z0-9]{30,}\b/ },
  { name: "OpenAI-style key", pattern: /\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}\b/ },
  { name: "AWS access key", pattern: /\bAKIA[0-9A-Z]{16}\b/ },
  { name: "Google API key", pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { name: "GitHub token", pattern: /\bgh[pousr]_[A-Za-z0-9]{36,}\b/ },
  { name: "Slack token", pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}\b/ },
  { name: "private key", pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/ },
  {
    name: "JSON Web Token",
    pattern: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/,
  },
  {
    name: "assigned credential",
    pattern:
      /\b(?:api[_-]?key|secret|access[_-]?token|auth[_-]?token)["']?\s*[:=]\s*["'][A-Za-z0-9_\-/+]{20,}["']/i,
  },
];

export function findSecrets(text: string): string[] {
  return secretPatterns.filter(({ pattern }) => pattern.test(text)).map(({ name }) => name);
}
