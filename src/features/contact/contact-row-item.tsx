import { ContactIcon, CopyIcon, QrIcon } from './contact-icons';
import type { ContactRow } from './contact-rows';
import './contact-row-item.css';

interface ContactRowItemProps {
  row: ContactRow;
  onCopy: (text: string) => void;
  onShowQr: (row: ContactRow) => void;
}

export function ContactRowItem({ row, onCopy, onShowQr }: ContactRowItemProps) {
  return (
    <li className={`contact-row contact-row--${row.kind}`}>
      <span className="contact-row__icon">
        <ContactIcon kind={row.kind} />
      </span>
      <span className="contact-row__text">
        <span className="contact-row__label">{row.label}</span>
        {row.kind === 'phone' ? (
          <a className="contact-row__value" href={`tel:${row.copyText}`}>
            {row.value}
          </a>
        ) : (
          <span className="contact-row__value">{row.value}</span>
        )}
      </span>
      {row.qrUrl && (
        <button type="button" className="contact-row__qr" aria-label={`查看${row.label}二维码`} onClick={() => onShowQr(row)}>
          <QrIcon />
        </button>
      )}
      <button type="button" className="contact-row__copy" aria-label={`复制${row.label}`} onClick={() => onCopy(row.copyText)}>
        <CopyIcon />
        复制
      </button>
    </li>
  );
}
