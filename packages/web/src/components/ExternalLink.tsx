import type { ReactNode } from "react";
import { safeHref } from "../lib/safe-href";

/** Props of `ExternalLink`. */
export interface ExternalLinkProps {
  /** The target; only http(s) URLs become links. */
  href: string | null | undefined;
  /** The link text. */
  children: ReactNode;
  /** Extra class names. */
  className?: string;
}

/** A link out of the app when `href` is http(s); otherwise its text alone, so data never builds a script URL. */
export function ExternalLink({ href, children, className }: ExternalLinkProps) {
  const safe = safeHref(href);
  if (!safe) return <span className={className}>{children}</span>;
  return (
    <a href={safe} className={className} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}
