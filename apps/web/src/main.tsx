import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
// The global stylesheet and the UI kit's come first: the frame's and the screens' own styles build on them.
import './styles/index.css';
import './components/controls.css';
import { queryClient } from './api/query-client';
import { connectClient, routes } from './app/routes';
import { DataRoutes } from './router/data-router';

connectClient();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <DataRoutes routes={routes} history={createBrowserHistory()} />
    </QueryClientProvider>
  </StrictMode>,
);
