// The public survey answer page (/home/a/{surveyKey}): its own Vite entry (answer.html), plain
// React and a little CSS, none of the console's code, so a phone on a slow line loads little.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { previewFromSearch, surveyKeyFromPath } from './api';
import { AnswerPage } from './AnswerPage';
import './answer.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AnswerPage
        surveyKey={surveyKeyFromPath(window.location.pathname)}
        preview={previewFromSearch(window.location.search)}
      />
    </StrictMode>,
  );
}
