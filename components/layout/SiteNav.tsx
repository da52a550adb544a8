'use client';

import { type MouseEvent, type ReactNode } from 'react';
import { useDisclosure } from './useDisclosure';
import { Link, usePathname, useRouter } from '@/lib/i18n/navigation';
import { SECTION_SCROLL, SECTION_STORAGE_KEY, type HomeSection } from '@/lib/navigation/sections';
import { smoothScrollToElement } from '@/lib/navigation/smooth-scroll';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import styles from './SiteNav.module.css';

export type SectionLink = { id: HomeSection; label: string };

type Props = {
  sections: SectionLink[];
  labels: { nav: string; openMenu: string; closeMenu: string; loveBlueprint: string };
  children: ReactNode;
};

function isPlainLeftClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Section links and the mobile menu. On the home page a section link scrolls there
 * smoothly; elsewhere it hands the section to the home page through sessionStorage.
 * Without JavaScript the links still work as plain `/#section` anchors.
 */
export function SiteNav({ sections, labels, children }: Props) {
  const pathname = usePathname();
  const router = useRouter();
  const { open, setOpen, panelId, toggle } = useDisclosure<HTMLButtonElement>(pathname);

  const goToSection = (event: MouseEvent<HTMLAnchorElement>, id: HomeSection) => {
    if (!isPlainLeftClick(event)) return;
    event.preventDefault();
    setOpen(false);
    const target = pathname === '/' ? document.getElementById(id) : null;
    if (target) {
      smoothScrollToElement(target, SECTION_SCROLL.durationMs, SECTION_SCROLL.offsetPx);
      return;
    }
    sessionStorage.setItem(SECTION_STORAGE_KEY, id);
    router.push('/');
  };

  return (
    <div className={styles.wrap}>
      <nav aria-label={labels.nav} className={styles.nav} data-open={open}>
        <ul id={panelId} className={styles.list}>
          {sections.map((section) => (
            <li key={section.id}>
              <Link
                href={`/#${section.id}`}
                className={styles.link}
                onClick={(event) => goToSection(event, section.id)}
              >
                {section.label}
              </Link>
            </li>
          ))}
          <li>
            <Link
              href="/the-love-blueprint"
              className={styles.cta}
              aria-current={pathname.startsWith('/the-love-blueprint') ? 'page' : undefined}
              onClick={() => setOpen(false)}
            >
              {labels.loveBlueprint}
            </Link>
          </li>
        </ul>
      </nav>
      {children}
      <button
        {...toggle}
        type="button"
        className={styles.toggle}
        aria-label={open ? labels.closeMenu : labels.openMenu}
        onClick={() => setOpen(!open)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
    </div>
  );
}
