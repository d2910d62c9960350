import type { AppConfig } from '@/config/env';

export type ContactKind = 'phone' | 'wechat' | 'qq' | 'telegram';

export interface ContactRow {
  kind: ContactKind;
  /** Visible label; the copy button is named 复制 + this. */
  label: string;
  value: string;
  /** What the copy button puts on the clipboard. */
  copyText: string;
  /** A QR picture URL, or '' when none is configured (then no QR dialog can open). */
  qrUrl: string;
}

export const CONTACT_LABELS: Record<ContactKind, string> = {
  phone: '电话',
  wechat: '微信',
  qq: 'QQ',
  telegram: 'Telegram',
};

/** Phone numbers are copied as digits a dialler accepts: no dashes or spaces. */
export function phoneForClipboard(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

/**
 * The rows to show, in display order: phone, WeChat and QQ only, each where a value is configured.
 * Telegram never gets a row of its own: its id belongs to its QR dialog (see telegramQr).
 */
export function contactRows(contact: AppConfig['contact'], qr: AppConfig['contactQr']): ContactRow[] {
  const rows: ContactRow[] = [
    { kind: 'phone', label: CONTACT_LABELS.phone, value: contact.phone, copyText: phoneForClipboard(contact.phone), qrUrl: '' },
    { kind: 'wechat', label: CONTACT_LABELS.wechat, value: contact.wechat, copyText: contact.wechat, qrUrl: qr.wechat },
    { kind: 'qq', label: CONTACT_LABELS.qq, value: contact.qq, copyText: contact.qq, qrUrl: '' },
  ];
  return rows.filter((row) => row.value !== '');
}

/** Telegram's QR dialog content, or null when no Telegram QR picture is configured (then nothing opens it). */
export function telegramQr(contact: AppConfig['contact'], qr: AppConfig['contactQr']): ContactRow | null {
  if (qr.telegram === '') return null;
  return { kind: 'telegram', label: CONTACT_LABELS.telegram, value: contact.telegram, copyText: contact.telegram, qrUrl: qr.telegram };
}
