import { useState } from 'react';
import { NavBar } from '@/components/nav-bar';
import { config, type AppConfig } from '@/config/env';
import { ROUTES } from '@/config/routes';
import { HeadsetIcon } from './contact-icons';
import { ContactQrDialog } from './contact-qr-dialog';
import { ContactRowItem } from './contact-row-item';
import { contactRows, telegramQr, type ContactKind } from './contact-rows';
import { useContactCopy } from './use-contact-copy';
import './contact-screen.css';

interface ContactScreenProps {
  contact?: AppConfig['contact'];
  qr?: AppConfig['contactQr'];
}

export function ContactScreen({ contact = config.contact, qr = config.contactQr }: ContactScreenProps) {
  const rows = contactRows(contact, qr);
  const copy = useContactCopy();
  const [qrKind, setQrKind] = useState<ContactKind | null>(null);
  const telegram = telegramQr(contact, qr);
  const qrRow = [...rows, ...(telegram ? [telegram] : [])].find((row) => row.kind === qrKind && row.qrUrl);

  return (
    <main className="screen contact">
      <NavBar backTo={ROUTES.home} />
      <section className="contact__hero">
        <span className="contact__hero-icon">
          <HeadsetIcon />
        </span>
        <h1 className="contact__title">联系我们</h1>
        <p className="contact__subtitle">有任何问题或建议，欢迎随时联系客服，我们将竭诚为您服务</p>
      </section>
      {rows.length > 0 ? (
        <ul className="contact__list" aria-label="联系方式">
          {rows.map((row) => (
            <ContactRowItem key={row.kind} row={row} onCopy={(text) => void copy(text)} onShowQr={(r) => setQrKind(r.kind)} />
          ))}
        </ul>
      ) : (
        <p className="contact__empty">暂无联系方式，请稍后再试</p>
      )}
      {rows.length > 0 && <p className="contact__tip">复制后打开对应应用，搜索并添加客服即可</p>}
      {telegram && (
        <button type="button" className="contact__telegram" onClick={() => setQrKind('telegram')}>
          查看Telegram二维码
        </button>
      )}
      {qrRow && <ContactQrDialog row={qrRow} onClose={() => setQrKind(null)} />}
    </main>
  );
}
