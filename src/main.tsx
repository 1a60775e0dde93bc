import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { appBase } from './routing/app-base';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter basename={appBase()}>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
