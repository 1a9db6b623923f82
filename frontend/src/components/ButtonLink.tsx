import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@fluentui/react-components';
import { useLinkNavigation } from '@/hooks/use-link-navigation';

interface ButtonLinkProps extends Pick<ButtonProps, 'appearance' | 'size' | 'icon' | 'iconPosition' | 'shape'> {
  to: string;
  children?: ReactNode;
  className?: string;
  'aria-label'?: string;
}

/** A link to a route of the app that looks like a Fluent button. */
export function ButtonLink({ to, children, ...rest }: ButtonLinkProps) {
  const nav = useLinkNavigation(to);
  return (
    <Button {...rest} as="a" href={nav.href} onClick={nav.onClick}>
      {children}
    </Button>
  );
}
