import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** The eBook's text (content/shop/manuscript.{lang}.json): 9 chapters, then the 30-day challenge as chapter 10. */
const exerciseSchema = z.object({ title: z.string().min(1), steps: z.array(z.string().min(1)).min(1) });
const manuscriptSchema = z.object({
  title: z.string().min(1),
  subtitle: z.string().min(1),
  dedication: z.string().min(1),
  introduction: z.array(z.string().min(1)).min(1),
  chapters: z
    .array(
      z.object({
        number: z.number().int(),
        title: z.string().min(1),
        summary: z.string().min(1),
        sections: z
          .array(
            z.object({
              heading: z.string().min(1),
              paragraphs: z.array(z.string().min(1)),
              exercise: exerciseSchema.optional(),
            }),
          )
          .min(1),
      }),
    )
    .length(9),
  challenge: z.object({
    number: z.literal(10),
    title: z.string().min(1),
    summary: z.string().min(1),
    introduction: z.array(z.string().min(1)),
    days: z.array(z.object({ day: z.number().int(), title: z.string().min(1), task: z.string().min(1) })).length(30),
  }),
  closing: z.array(z.string().min(1)),
  support: z.string().min(1),
});

export type Manuscript = z.infer<typeof manuscriptSchema>;

export function loadManuscript(language: string): Manuscript {
  const file = join(process.cwd(), 'content', 'shop', `manuscript.${language}.json`);
  return manuscriptSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}
