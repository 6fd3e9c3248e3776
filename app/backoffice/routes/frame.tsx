import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { isRouteErrorResponse, Link, Outlet } from 'react-router';
import '../backoffice.css';

export const meta = () => [{ title: 'Croupier · Back office' }];

/** Every back-office page: its style sheet and its own query client (no player provider). */
export default function BackofficeFrame() {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 15_000, refetchOnWindowFocus: true } } }));
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}

/** A failure in a back-office screen: said plainly, with the way back. */
export function ErrorBoundary({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="bo-auth">
      <div className="bo-auth-card">
        <h1>{notFound ? 'Not found · Page introuvable' : 'Something went wrong · Une erreur est survenue'}</h1>
        <Link to="/backoffice">Back office</Link>
      </div>
    </main>
  );
}
