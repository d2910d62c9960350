import { Dialog } from '@/components/dialog';
import { useToast } from '@/components/toast';
import { copyText } from '@/lib/clipboard';
import { TEXT } from './texts';

interface RegisteredDialogProps {
  name: string;
  password: string;
  /** Confirm and close both lead on to the game client. */
  onDone: () => void;
}

export function RegisteredDialog({ name, password, onDone }: RegisteredDialogProps) {
  const toast = useToast();
  const copy = async (value: string) => {
    const copied = await copyText(value);
    toast.show(copied ? TEXT.success.copied : TEXT.success.copyFailed, { kind: copied ? 'success' : 'fail' });
  };
  const rows = [
    { label: TEXT.success.account, value: name },
    { label: TEXT.success.password, value: password },
  ];
  return (
    <Dialog open title={TEXT.success.title} onClose={onDone} closeOnBackdrop={false} className="registered">
      <dl className="registered__list">
        {rows.map((row) => (
          <div className="registered__row" key={row.label}>
            <dt>{row.label}</dt>
            <dd className="registered__value">{row.value}</dd>
            <dd>
              <button
                type="button"
                className="registered__copy"
                aria-label={`${TEXT.success.copy}${row.label}`}
                onClick={() => void copy(row.value)}
              >
                {TEXT.success.copy}
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <ul className="registered__warnings">
        <li>{TEXT.success.screenshotWarning}</li>
        <li>{TEXT.success.depositWarning}</li>
      </ul>
      <button type="button" className="btn btn--primary" onClick={onDone}>
        {TEXT.success.confirm}
      </button>
    </Dialog>
  );
}
