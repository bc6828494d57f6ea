import { Link } from '@tanstack/react-router';
import { Typography, theme } from 'antd';

/** Any path under /home that is no route of docs/product/shell.md, including a non-numeric id. */
export function NotFound() {
  const { token } = theme.useToken();
  return (
    <section>
      <Typography.Title level={2}>ページが見つかりません</Typography.Title>
      <Typography.Paragraph>URLが正しいかご確認ください。</Typography.Paragraph>
      <Link to="/" style={{ color: token.colorLink }}>
        ホームへ戻る
      </Link>
    </section>
  );
}
