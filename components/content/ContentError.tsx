import type { ReactNode } from 'react';
import { declareUnshareable } from '@/lib/http/document-policy';
import primitives from '@/components/ui/primitives.module.css';

/**
 * A content state that failed ('Failed to load FAQs', 'Failed to load Post', … in content/messages):
 * the message in red, announced to screen readers, and a render the front door never keeps
 * for the next visitor, so a backend that recovers shows at once.
 */
export function ContentError({ children, centered = false }: { children: ReactNode; centered?: boolean }) {
  declareUnshareable();
  return (
    <p className={`${primitives.errorBox}${centered ? ` ${primitives.centered}` : ''}`} role="alert">
      {children}
    </p>
  );
}
