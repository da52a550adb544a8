import 'server-only';
import { z } from 'zod';
import { featureSchema, homeTestimonialSchema, quoteSchema, stepSchema } from './schemas';
import { localizedContentFile } from './files';

/** The home page's editorial content (content/home/{locale}/*.json). */
const homeSchema = z.object({
  features: z.array(featureSchema).length(4),
  steps: z.array(stepSchema).length(4),
  useCases: z.object({ cards: z.array(z.object({ title: z.string().min(1), description: z.string().min(1) })).min(2) }),
  coaching: z.object({
    eyebrow: z.string().min(1),
    title: z.string().min(1),
    body: z.string().min(1),
    cta: z.string().min(1),
    quotes: z.array(quoteSchema).length(2),
  }),
  testimonials: z.array(homeTestimonialSchema).length(10),
  advantages: z.array(z.object({ title: z.string().min(1), description: z.string().min(1) })).length(4),
});

export type HomeContent = z.infer<typeof homeSchema>;

const files: { [K in keyof HomeContent]: string } = {
  features: 'features.json',
  steps: 'steps.json',
  useCases: 'use-cases.json',
  coaching: 'coaching.json',
  testimonials: 'testimonials.json',
  advantages: 'advantages.json',
};

/** Home content in a language, each file falling back to English for a language that has none yet. */
export function getHomeContent(locale: string): HomeContent {
  const part = <K extends keyof HomeContent>(key: K): HomeContent[K] => localizedContentFile((l) => `home/${l}/${files[key]}`, locale, homeSchema.shape[key]).value as HomeContent[K];
  return {
    features: part('features'),
    steps: part('steps'),
    useCases: part('useCases'),
    coaching: part('coaching'),
    testimonials: part('testimonials'),
    advantages: part('advantages'),
  };
}
