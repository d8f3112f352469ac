import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { TOAST_AUTO_CLOSE_MS } from '../config/app.ts';
import { ApiError } from '../lib/api-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The server answered: asking again will not change its mind. Only lost connections are retried.
        retry: (failures, error) => !(error instanceof ApiError && error.status > 0) && failures < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <BrowserRouter>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </BrowserRouter>
  );
}
