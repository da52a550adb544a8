import { Link } from '@/lib/i18n/navigation';
import { parseInline } from '@/lib/content/inline';
import { isSameOriginPath } from '@/lib/security/same-origin-path';

/** Renders document text with its **bold** and [links](…) as real elements. */
export function InlineText({ text, newTabLabel }: { text: string; newTabLabel: string }) {
  return (
    <>
      {parseInline(text).map((token, index) => {
        if (token.type === 'text') return token.value;
        if (token.type === 'bold') return <strong key={index}>{token.value}</strong>;
        if (token.external) {
          return (
            <a key={index} href={token.href} target="_blank" rel="noopener noreferrer">
              {token.label}
              <span className="visually-hidden"> {newTabLabel}</span>
            </a>
          );
        }
        if (isSameOriginPath(token.href)) {
          return (
            <Link key={index} href={token.href}>
              {token.label}
            </Link>
          );
        }
        return (
          <a key={index} href={token.href}>
            {token.label}
          </a>
        );
      })}
    </>
  );
}
