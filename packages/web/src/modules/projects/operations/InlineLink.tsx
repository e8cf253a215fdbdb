import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link inside a sentence: underlined, so it is told apart from the text without its colour. */
export function InlineLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} style={{ textDecoration: 'underline' }}>
      {children}
    </Link>
  );
}
