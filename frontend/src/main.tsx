import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// antd's small normalize (body margin, box sizing); antd itself ships no global styles.
import 'antd/dist/reset.css';
import { App } from '@/app/App';
import { reloadAfterLoadFailure } from '@/lib/routing/reloadGuard';

// A chunk of the previous release is gone (a new one was deployed while this page was open):
// reload to get the current ones (docs/product/errors.md), at most once per 10 s; else let it fail.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterLoadFailure()) event.preventDefault();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
