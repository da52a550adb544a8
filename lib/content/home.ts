import 'server-only';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { featureSchema, homeTestimonialSchema, quoteSchema, stepSchema } from './schemas';
import { fillTokensDeep } from './tokens';

/** The home page's editorial content (content/home/*.json), validated once per process. */
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

const files: Record<keyof HomeContent, string> = {
  features: 'features.json',
  steps: 'steps.json',
  useCases: 'use-cases.json',
  coaching: 'coaching.json',
  testimonials: 'testimonials.json',
  advantages: 'advantages.json',
};

const cache = new Map<string, HomeContent>();

/** Home content in a language, falling back to English for a language that has none yet. */
export function getHomeContent(locale: string): HomeContent {
  const hit = cache.get(locale);
  if (hit) return hit;
  const dir = join(process.cwd(), 'content', 'home');
  const read = (file: string) => {
    for (const candidate of [join(dir, locale, file), join(dir, 'en', file)]) {
      try {
        return JSON.parse(readFileSync(candidate, 'utf8')) as unknown;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    throw new Error(`content/home/en/${file} is missing`);
  };
  const raw = Object.fromEntries(Object.entries(files).map(([key, file]) => [key, read(file)]));
  const content = fillTokensDeep(homeSchema.parse(raw));
  cache.set(locale, content);
  return content;
}
