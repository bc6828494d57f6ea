import { createLink } from '@tanstack/react-router';
import { Button, type ButtonProps } from 'antd';
import { forwardRef } from 'react';

/**
 * An antd Button that is a real router link (an <a> with the href, so a new tab works): the
 * screens' "新規登録" and "一覧に戻る". The router keeps `type` for itself: a primary one is
 * `color="primary" variant="solid"`.
 */
// The file exports the router's link made from it, which the fast-refresh rule cannot tell is a
// component.
// eslint-disable-next-line react-refresh/only-export-components
const AnchorButton = forwardRef<HTMLAnchorElement, Omit<ButtonProps, 'type'> & { href?: string }>(function AnchorButton(props, ref) {
  return <Button {...props} ref={ref} />;
});

export const ButtonLink = createLink(AnchorButton);
