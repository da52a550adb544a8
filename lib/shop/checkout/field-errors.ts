import type { core } from 'zod/mini';
import { purchaseErrorText } from './purchase-schema';

/** zod issues → `{ field: English message }` for the order endpoint's 422 answer (first issue per field). */
export function fieldErrors(error: core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'body');
    if (fields[field]) continue;
    fields[field] =
      issue.message in purchaseErrorText
        ? purchaseErrorText[issue.message as keyof typeof purchaseErrorText]
        : field === 'editionId'
          ? 'Choose an edition of the book.'
          : 'This value is not valid.';
  }
  return fields;
}
