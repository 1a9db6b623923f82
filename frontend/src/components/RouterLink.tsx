import type { ReactNode } from 'react';
import { Link } from '@fluentui/react-components';
import { useLinkNavigation } from '@/hooks/use-link-navigation';

interface RouterLinkProps {
  to: string;
  children?: ReactNode;
  className?: string;
  inline?: boolean;
}

/** A Fluent text link to a route of the app. */
export function RouterLink({ to, children, ...rest }: RouterLinkProps) {
  const nav = useLinkNavigation(to);
  return (
    <Link {...rest} href={nav.href} onClick={nav.onClick}>
      {children}
    </Link>
  );
}
