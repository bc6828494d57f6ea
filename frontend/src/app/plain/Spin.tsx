import './base.css';

/** A spinner for what shows before antd has loaded (antd's Spin would bring antd into the first chunk). */
export function Spin({ small = false }: { small?: boolean }) {
  return <span className={small ? 'rd-spin rd-spin-small' : 'rd-spin'} role="status" aria-label="読み込み中" />;
}

/** The spinner alone in the middle of the page: while the signed-in user or a screen's code is on its way. */
export function PageSpin() {
  return (
    <div className="rd-spin-page">
      <Spin />
    </div>
  );
}
