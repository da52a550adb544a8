'use client';

import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { ALL_CONSENT, NO_CONSENT, type Preferences } from '@/lib/consent/cookies';
import { OPEN_PREFERENCES_EVENT } from '@/lib/consent/header';
import { readClientPreferences, writeConsent } from '@/lib/consent/client';
import type { ConsentLabels } from './labels';
import styles from './Consent.module.css';

// Downloaded only when it opens (it is never server-rendered). React.lazy, not next/dynamic, whose
// loader would add about 1.5 KiB of gzip script to the page.
const PreferenceCenter = lazy(() => import('./PreferenceCenter'));

/**
 * The cookie banner and the preference centre. The server decides whether the banner
 * is in the first HTML (from the proxy's reading of `CookieConsent`), so it never
 * flashes in or out. Other islands open the centre with a window event.
 */
export function ConsentManager({ showBanner, labels }: { showBanner: boolean; labels: ConsentLabels }) {
  const [bannerVisible, setBannerVisible] = useState(showBanner);
  const [centerOpen, setCenterOpen] = useState(false);
  const [initial, setInitial] = useState<Preferences>(NO_CONSENT);
  const [status, setStatus] = useState('');
  const bannerRef = useRef<HTMLElement>(null);

  const openCenter = () => {
    setInitial(readClientPreferences());
    setCenterOpen(true);
  };

  useEffect(() => {
    const onOpen = () => openCenter();
    window.addEventListener(OPEN_PREFERENCES_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_PREFERENCES_EVENT, onOpen);
  }, []);

  // Publish the banner's height so the page can keep focused elements clear of it (WCAG 2.4.11).
  useLayoutEffect(() => {
    const banner = bannerRef.current;
    const root = document.documentElement;
    if (!banner) {
      root.style.removeProperty('--consent-banner-height');
      return;
    }
    // The observer reports the size once right away, after the browser's own layout: measuring
    // here instead would force a layout of the whole page in the middle of hydration.
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize?.[0]?.blockSize ?? banner.getBoundingClientRect().height;
      root.style.setProperty('--consent-banner-height', `${Math.ceil(height)}px`);
    });
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--consent-banner-height');
    };
  }, [bannerVisible]);

  const decide = (preferences: Preferences, fromBanner: boolean) => {
    writeConsent(preferences);
    setCenterOpen(false);
    setBannerVisible(false);
    setStatus(labels.saved);
    // The button that had focus is gone with the banner; continue from the top of the content.
    if (fromBanner) document.getElementById('main')?.focus({ preventScroll: true });
  };

  return (
    <>
      {bannerVisible ? (
        <section ref={bannerRef} id="consent-banner" className={styles.banner} aria-labelledby="consent-banner-title">
          <div className={styles.bannerInner}>
            <div className={styles.bannerText}>
              <h2 id="consent-banner-title" className={styles.bannerTitle}>
                {labels.bannerTitle}
              </h2>
              <p>
                {labels.bannerText}{' '}
                <Link href="/cookie-policy" className={styles.policyLink} prefetch={false}>
                  {labels.policyLink}
                </Link>
              </p>
            </div>
            <div className={styles.actions}>
              <button type="button" className={styles.choice} onClick={() => decide(ALL_CONSENT, true)}>
                {labels.acceptAll}
              </button>
              <button type="button" className={styles.choice} onClick={() => decide(NO_CONSENT, true)}>
                {labels.refuseAll}
              </button>
              <button type="button" className={styles.choice} onClick={openCenter} aria-haspopup="dialog">
                {labels.openPreferences}
              </button>
            </div>
          </div>
        </section>
      ) : null}
      {centerOpen ? (
        <Suspense fallback={null}>
          <PreferenceCenter
            labels={labels}
            initial={initial}
            onOpenChange={setCenterOpen}
            onDecide={(preferences) => decide(preferences, false)}
          />
        </Suspense>
      ) : null}
      <p role="status" className="visually-hidden">
        {status}
      </p>
    </>
  );
}
