import { headers } from 'next/headers';
import type { Thing, WithContext } from 'schema-dts';
import { serializeJsonLd } from '@/lib/seo/json-ld';
import { NONCE_HEADER } from '@/lib/http/request-headers';

/** A JSON-LD data block. Browsers never run it; it still carries the page's nonce, like every script tag. */
export async function JsonLd({ data }: { data: WithContext<Thing> }) {
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
  );
}
