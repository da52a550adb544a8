import { describe, expect, it } from 'vitest';
import { ogLocale, socialMetadata } from './social';

describe('social metadata', () => {
  it('formats Open Graph locales', () => {
    expect(ogLocale('fr')).toBe('fr_FR');
    expect(ogLocale('zh-CN')).toBe('zh_CN');
    expect(ogLocale('en')).toBe('en_US');
    expect(ogLocale('ar')).toBe('ar_SA');
  });

  it('gives every page a card image with its size and a large-image Twitter card', () => {
    const meta = socialMetadata({ title: 'T', description: 'D', locale: 'de', image: 'ebook', imageAlt: 'Alt' });
    expect(meta.openGraph).toMatchObject({
      title: 'T',
      description: 'D',
      locale: 'de_DE',
      images: [{ url: '/og/ebook.png', width: 1200, height: 630, alt: 'Alt' }],
    });
    expect(meta.twitter).toMatchObject({ card: 'summary_large_image', title: 'T', images: [{ url: '/og/ebook.png' }] });
  });

  it('marks articles with their type and modification time', () => {
    const meta = socialMetadata({
      title: 'T',
      description: 'D',
      locale: 'en',
      type: 'article',
      modifiedTime: '2026-01-01T00:00:00Z',
    });
    expect(meta.openGraph).toMatchObject({ type: 'article', modifiedTime: '2026-01-01T00:00:00Z' });
  });
});
