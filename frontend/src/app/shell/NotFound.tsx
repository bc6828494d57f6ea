import { Link } from '@tanstack/react-router';
import { Typography, theme } from 'antd';
import { NOT_FOUND_TITLE } from './useRouteTitle';

/**
 * Any path under /home that is no route of docs/product/shell.md, including a non-numeric id. The
 * browser's tab says so too (useRouteTitle), as every screen names itself there.
 */
export function NotFound() {
  const { token } = theme.useToken();
  return (
    <section>
      <Typography.Title level={2}>{NOT_FOUND_TITLE}</Typography.Title>
      <Typography.Paragraph>URLが正しいかご確認ください。</Typography.Paragraph>
      <Link to="/" style={{ color: token.colorLink }}>
        ホームへ戻る
      </Link>
    </section>
  );
}
