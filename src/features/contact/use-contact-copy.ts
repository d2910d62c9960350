import { useCallback } from 'react';
import { useToast } from '@/components/toast';
import { copyText } from '@/lib/clipboard';

export const COPY_SUCCESS_TEXT = '复制成功';
export const COPY_FAIL_TEXT = '复制失败，请手动复制';
export const CONTACT_TOAST_MS = 2000;

/** Copies a contact value and says how it went in a 2 s toast. */
export function useContactCopy(): (text: string) => Promise<void> {
  const toast = useToast();
  return useCallback(
    async (text: string) => {
      const copied = await copyText(text);
      toast.show(copied ? COPY_SUCCESS_TEXT : COPY_FAIL_TEXT, {
        kind: copied ? 'success' : 'fail',
        durationMs: CONTACT_TOAST_MS,
      });
    },
    [toast],
  );
}
