import type { Thing, WithContext } from 'schema-dts';
import { serializeJsonLd } from '@/lib/seo/json-ld';

/** A JSON-LD data block. It is never executed, so the CSP nonce does not apply to it. */
export function JsonLd({ data }: { data: WithContext<Thing> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
