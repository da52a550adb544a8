import 'server-only';
import { headers } from 'next/headers';
import { env } from '@/lib/env';
import type { Locale } from '@/lib/i18n/locales';
import { alternatesFor } from './alternates';
import { PATH_HEADER } from '@/lib/http/request-headers';

/** The locale-free path of this request (the front door's copy; a client cannot set it). */
export async function requestPath(): Promise<string> {
  const path = (await headers()).get(PATH_HEADER) ?? '/';
  return path.startsWith('/') ? path : '/';
}

/** The canonical URL of the page being rendered, in its language: `og:url` and `<link rel=canonical>`. */
export async function canonicalUrl(locale: Locale): Promise<string> {
  return alternatesFor(env().siteUrl, await requestPath(), locale).canonical;
}
