import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { API_VERSION } from '../../../contract/api.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import type { VerificationDocumentView, VerificationView } from '../../../contract/verification.ts';
import { api } from '../../lib/api-client.ts';
import { unwrapAnswer } from '../../lib/api-error.ts';

export const verificationKey = ['verification'] as const;

const loadedAt = Date.now();

/** The player's verification as the loader read it, then kept fresh (uploads, a decision told live). */
export function useVerification(initial: VerificationView | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: verificationKey,
    queryFn: ({ signal }) => api<VerificationView>('verification/get', { signal }),
    initialData: initial ?? undefined,
    initialDataUpdatedAt: loadedAt,
    staleTime: 5_000,
  });
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: verificationKey }), [client]);
  const set = useCallback((view: VerificationView) => client.setQueryData(verificationKey, view), [client]);
  return { view: query.data ?? initial, refresh, set, failed: query.isError && !query.data };
}

/**
 * verification/upload: the file goes as multipart form data (the shared client sends text
 * fields only). Throws ApiError like every call; the server names the field that is wrong.
 */
export async function uploadDocument(kind: string, file: File, locale: LocaleCode): Promise<VerificationDocumentView> {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', file);
  const response = await fetch(`/api/verification/upload?v=${API_VERSION}&locale=${locale}`, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  const body: unknown = await response.json().catch(() => null);
  return unwrapAnswer<VerificationDocumentView>(response.status, body);
}
