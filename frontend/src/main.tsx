import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// antd's small normalize (body margin, box sizing); antd itself ships no global styles.
import 'antd/dist/reset.css';
import { App } from '@/app/App';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
