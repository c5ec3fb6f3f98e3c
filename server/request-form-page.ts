/**
 * The pages the server answers a contact form sent without the app with
 * (server/routes/request-form.ts): "received", or the form again with what was typed and the
 * fields to correct. Plain HTML that works without any script, in the visitor's language; every
 * word comes from the build's catalogs (src/features/contact/contact-form-answer-texts.ts).
 */
import { contactFormAction, contactFormHiddenFields } from "../src/shared/contact-form-post.ts";
import type { ContactFormAnswerTexts } from "../src/shared/contact-form-post.ts";
import {
  contactFieldNames,
  type ContactErrors,
  type ContactFields,
} from "../src/shared/contact-validation.ts";

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

// The app's colours (src/theme): text 14.9:1 and links, buttons 7.1:1, errors 6.5:1 on white.
const style = `
body{margin:0;background:#f6f8fb;color:#14202e;font:1.0625rem/1.5 system-ui,"Segoe UI",Roboto,"Noto Sans",sans-serif}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.brand{font-size:1.25rem;font-weight:800;margin:0 0 1.5rem}
h1{font-size:1.75rem;line-height:1.25;margin:0 0 1rem}
a{color:#0a58a8;display:inline-flex;align-items:center;min-height:44px}
a:focus-visible,input:focus-visible,textarea:focus-visible,button:focus-visible,[tabindex]:focus-visible{outline:3px solid #0a58a8;outline-offset:2px}
.summary{border:3px solid #b3261e;background:#fff;padding:0 1rem;margin:0 0 1.5rem}
.summary a{color:#b3261e}
form{background:#fff;border:1px solid #c4ccd6;border-radius:8px;padding:1rem}
.field{margin:0 0 1.25rem}
label{display:block;font-weight:600;margin:0 0 .25rem}
input,textarea{box-sizing:border-box;width:100%;min-height:48px;padding:.625rem .75rem;font:inherit;color:inherit;border:1px solid #5c6b7a;border-radius:4px;background:#fff}
textarea{min-height:8rem;resize:vertical}
[aria-invalid=true]{border:2px solid #b3261e}
.error{color:#b3261e;margin:.25rem 0 0}
button{min-height:48px;min-width:44px;padding:.625rem 1.5rem;font:inherit;font-weight:600;color:#fff;background:#0a58a8;border:0;border-radius:4px;cursor:pointer}
`;

function page(texts: ContactFormAnswerTexts, title: string, body: string): string {
  return `<!doctype html><html lang="${texts.language}"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="text-scale" content="scale" /><meta name="robots" content="noindex" /><title>${escapeHtml(`${title} · ${texts.brandName}`)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml" /><style>${style}</style></head><body><main><p class="brand">${escapeHtml(texts.brandName)}</p>${body}</main></body></html>`;
}

/** The request was stored (now, or by an earlier send of the same form). */
export function sentPage(texts: ContactFormAnswerTexts): string {
  return page(
    texts,
    texts.sentTitle,
    `<h1>${escapeHtml(texts.sentTitle)}</h1><p>${escapeHtml(texts.sentText)}</p>` +
      `<p><a href="/">${escapeHtml(texts.homeLink)}</a></p>` +
      `<p><a href="${contactFormAction}">${escapeHtml(texts.writeAgainLink)}</a></p>`,
  );
}

/**
 * A form the server did not read: too large to read (over the route's body limit), or over the
 * rate limit and larger than a valid form can be. Nothing of it can be given back, so the page
 * says how to get it back (the browser's Back) and what to do with it.
 */
export function unreadFormPage(
  texts: ContactFormAnswerTexts,
  reason: "too-large" | "too-many",
): string {
  const text = reason === "too-large" ? texts.tooLarge : texts.tooManyUnread;
  return page(
    texts,
    texts.notSentTitle,
    `<h1>${escapeHtml(texts.notSentTitle)}</h1>` +
      `<div class="summary" role="alert" tabindex="-1" autofocus><p>${escapeHtml(text)}</p></div>` +
      `<p><a href="${contactFormAction}">${escapeHtml(texts.writeAgainLink)}</a></p>` +
      `<p><a href="/">${escapeHtml(texts.homeLink)}</a></p>`,
  );
}

export type NotSentReason = "fields" | "too-many" | "unavailable";

/**
 * The form again, with what was typed, the fields to correct (each error under its field and
 * linked from a summary at the top, which takes the focus), and the same request id, so that
 * the corrected form is still one request.
 */
export function notSentPage(
  texts: ContactFormAnswerTexts,
  form: { fields: ContactFields; errors: ContactErrors; requestId: string | undefined },
  reason: NotSentReason,
): string {
  const { fields, errors } = form;
  const errorText = (field: keyof ContactFields) => {
    const error = errors[field];
    return error && texts.errors[field][error];
  };
  const listed = contactFieldNames
    .filter((field) => errors[field])
    .map(
      (field) =>
        `<li><a href="#contact-${field}">${escapeHtml(`${texts.labels[field]}: ${errorText(field)}`)}</a></li>`,
    )
    .join("");
  const summary =
    `<div class="summary" role="alert" tabindex="-1" autofocus><p>${escapeHtml({ fields: texts.correctFields, "too-many": texts.tooMany, unavailable: texts.unavailable }[reason])}</p>` +
    (listed ? `<ul>${listed}</ul>` : "") +
    `</div>`;
  const inputs = contactFieldNames
    .map((field) => {
      const id = `contact-${field}`;
      const error = errorText(field);
      // No maxlength, as on the app's form: the browser would cut a long paste short without a
      // word. The server says "too long" and gives the whole text back, as here.
      const attributes =
        `id="${id}" name="${field}" required` +
        (field === "name"
          ? ` autocomplete="name"`
          : field === "email"
            ? ` autocomplete="email"`
            : "") +
        (error ? ` aria-invalid="true" aria-describedby="${id}-error"` : "");
      const control =
        field === "message"
          ? // The parser drops a newline right after <textarea>: this one, not the text's own.
            `<textarea ${attributes} rows="6">\n${escapeHtml(fields[field])}</textarea>`
          : `<input ${attributes} type="${field === "email" ? "email" : "text"}" value="${escapeHtml(fields[field])}" />`;
      return (
        `<div class="field"><label for="${id}">${escapeHtml(texts.labels[field])}</label>${control}` +
        (error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : "") +
        `</div>`
      );
    })
    .join("");
  const hidden =
    `<input type="hidden" name="${contactFormHiddenFields.language}" value="${texts.language}" />` +
    (form.requestId
      ? `<input type="hidden" name="${contactFormHiddenFields.id}" value="${escapeHtml(form.requestId)}" />`
      : "");
  return page(
    texts,
    texts.notSentTitle,
    `<h1>${escapeHtml(texts.notSentTitle)}</h1>${summary}` +
      `<form method="post" action="${contactFormAction}" aria-label="${escapeHtml(texts.pageTitle)}">${hidden}${inputs}<button type="submit">${escapeHtml(texts.send)}</button></form>` +
      `<p><a href="/">${escapeHtml(texts.homeLink)}</a></p>`,
  );
}
