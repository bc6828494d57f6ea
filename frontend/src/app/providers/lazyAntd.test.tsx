import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyAntd } from './lazyAntd';

function Primary({ label }: { label: string }) {
  const { token } = theme.useToken();
  return (
    <span>
      {label}: {token.colorPrimary}
    </span>
  );
}

describe('lazyAntd', () => {
  it('draws the loaded component inside the app theme, with its props', async () => {
    const Lazy = lazyAntd(() => Promise.resolve({ Primary }), 'Primary');
    render(
      <Suspense fallback={null}>
        <Lazy label="主色" />
      </Suspense>,
    );
    // antd's default primary is #1677ff: the app theme's green proves AntdProviders is around it.
    expect(await screen.findByText('主色: #2e7d32')).toBeInTheDocument();
  });

  it('draws the fallback when the code cannot be loaded', async () => {
    const Lazy = lazyAntd(() => Promise.reject<{ Primary: typeof Primary }>(new Error('offline')), 'Primary', ({ label }) => (
      <span>{label}: なし</span>
    ));
    render(
      <Suspense fallback={null}>
        <Lazy label="主色" />
      </Suspense>,
    );
    expect(await screen.findByText('主色: なし')).toBeInTheDocument();
  });
});
