import type { EditionSample } from '@/lib/shop/sample-page';
import styles from './Sample.module.css';

/**
 * The class Book structured data names as the free part of the page (lib/seo/json-ld.ts
 * sampleBookJsonLd): a plain global class, since Google reads only `.class` selectors there and a
 * CSS module's names change with each build.
 */
export const SAMPLE_TEXT_CLASS = 'sample-text';

/** The introduction and chapter 1 as the book has them, in the edition's language and direction. */
export function SampleText({ sample }: { sample: EditionSample }) {
  return (
    <div className={`${SAMPLE_TEXT_CLASS} ${styles.text}`} lang={sample.lang} dir={sample.dir}>
      {sample.parts.map((part) => (
        <section key={part.anchor} className={styles.part} aria-labelledby={part.anchor}>
          <h2 id={part.anchor} className={styles.partTitle}>
            {part.eyebrow ? (
              <>
                <span className={styles.eyebrow}>{part.eyebrow}</span>{' '}
              </>
            ) : null}
            {part.title}
          </h2>
          {part.blocks.map((block, index) => {
            switch (block.kind) {
              case 'heading':
                return <h3 key={index}>{block.text}</h3>;
              case 'paragraph':
                return (
                  <p key={index} className={block.italic ? styles.lead : undefined}>
                    {block.text}
                  </p>
                );
              case 'exercise':
                return (
                  <div key={index} className={styles.exercise}>
                    <h4>{block.title}</h4>
                    <ol>
                      {block.steps.map((step) => (
                        <li key={step}>{step}</li>
                      ))}
                    </ol>
                  </div>
                );
              case 'day':
                // The 30-day challenge is chapter 10: never in the sample (lib/shop/sample-page.ts).
                return null;
            }
          })}
        </section>
      ))}
    </div>
  );
}
