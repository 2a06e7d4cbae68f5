import type { MouseEvent } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

/**
 * A link drawn as antd's button: one element, one Tab stop, a link to screen readers and to "open in a
 * new tab". antd's Button inside a router Link was a button inside a link: two Tab stops for one
 * action, and not valid HTML. The app's own navigation (no page load) as a Link has it.
 */
export default function ButtonLink({ to, replace, state, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: To; replace?: boolean; state?: unknown }) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state });
  return <Button {...props} href={href} onClick={(e: MouseEvent<HTMLElement>) => follow(e as MouseEvent<HTMLAnchorElement>)} />;
}
