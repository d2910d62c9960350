import { Dialog } from '@/components/dialog';
import type { ContactRow } from './contact-rows';
import './contact-qr-dialog.css';

interface ContactQrDialogProps {
  row: ContactRow;
  onClose: () => void;
}

/** A contact's QR picture; opened only from a row that has one configured. */
export function ContactQrDialog({ row, onClose }: ContactQrDialogProps) {
  const title = `${row.label}二维码`;
  return (
    <Dialog open title={title} onClose={onClose}>
      <div className="contact-qr">
        <img className="contact-qr__image" src={row.qrUrl} alt={title} width={220} height={220} />
        {row.value && (
          <p className="contact-qr__id">
            {row.label}：{row.value}
          </p>
        )}
        <p className="contact-qr__hint">长按二维码识别，或截图后在{row.label}中扫码添加</p>
      </div>
    </Dialog>
  );
}
