import '@fontsource/nunito-sans/400.css';
import '@fontsource/nunito-sans/600.css';
import '@fontsource/nunito-sans/700.css';
import '@fontsource/nunito-sans/800.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { reportUnhandledRequestErrors } from './shell/queryClient';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

reportUnhandledRequestErrors();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
