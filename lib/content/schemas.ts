import { z } from 'zod';

/**
 * zod schemas for every content entity. The embedded store and a remote
 * backend are checked with the same schemas; a remote answer that fails them counts as
 * a failure. Fields the site does not show (an FAQ's other fields) pass through untouched.
 */

const faqItemSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).optional(),
  question: z.string().trim().min(1),
  answer: z.string(),
  category: z.string().nullish(),
});
export type FaqItem = z.infer<typeof faqItemSchema>;
export const faqListSchema = z.array(faqItemSchema);

export const termsSchema = z.looseObject({ termsOf_service: z.string().nullish() });
export type Terms = z.infer<typeof termsSchema>;

/** Blog media: an array of image addresses, or that array JSON-encoded as a string. */
const mediaSchema = z.union([z.array(z.unknown()), z.string(), z.null(), z.undefined()]);

export const postSchema = z.looseObject({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  title: z.string().trim().min(1),
  content: z.string(),
  category: z.looseObject({ name: z.string() }).nullish(),
  media: mediaSchema,
  updated_at: z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date'),
});
export type Post = z.infer<typeof postSchema>;
export const postListSchema = z.array(postSchema);

const helpItemSchema = z.object({ question: z.string().trim().min(1), answer: z.string().trim().min(1) });
export type HelpItem = z.infer<typeof helpItemSchema>;
/** The help document: category name → its questions. */
export const helpDocumentSchema = z.record(z.string().min(1), z.array(helpItemSchema));
export type HelpDocument = z.infer<typeof helpDocumentSchema>;

// Home page entities.
export const stepSchema = z.object({ title: z.string().min(1), description: z.string().min(1), image: z.string().min(1) });
export const featureSchema = z.object({ icon: z.string().min(1), title: z.string().min(1), description: z.string().min(1) });
export const homeTestimonialSchema = z.object({
  image: z.string().min(1),
  quote: z.string().min(1),
  name: z.string().min(1),
  meta: z.string().min(1),
});
/** eBook testimonials and the coaching section's quotes share one shape. */
export const quoteSchema = z.object({ quote: z.string().min(1), author: z.string().min(1), location: z.string().min(1) });
export type Step = z.infer<typeof stepSchema>;
export type Feature = z.infer<typeof featureSchema>;
export type HomeTestimonial = z.infer<typeof homeTestimonialSchema>;

// Long-form documents (legal pages, guidelines): structured text with a tiny inline markup.
const blockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('p'), text: z.string().min(1) }),
  z.object({ type: z.literal('h3'), text: z.string().min(1) }),
  z.object({ type: z.literal('ul'), items: z.array(z.string().min(1)).min(1) }),
]);

export const documentSchema = z.object({
  title: z.string().min(1),
  summary: z.string().optional(),
  effective: z.string().optional(),
  updated: z.string().optional(),
  intro: z.array(z.string()).default([]),
  sections: z
    .array(z.object({ id: z.string().regex(/^[a-z0-9-]+$/), heading: z.string().min(1), blocks: z.array(blockSchema) }))
    .min(1),
});
export type ContentDocument = z.infer<typeof documentSchema>;
