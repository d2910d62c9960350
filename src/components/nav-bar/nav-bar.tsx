import { useNavigate } from '@/lib/router';
import './nav-bar.css';

export interface NavBarProps {
  title?: string;
  /** Where the back button goes. */
  backTo: string;
}

export function NavBar({ title, backTo }: NavBarProps) {
  const navigate = useNavigate();
  return (
    <header className="nav-bar">
      <button type="button" className="nav-bar__back" aria-label="返回" onClick={() => navigate(backTo)}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {title && <span className="nav-bar__title">{title}</span>}
    </header>
  );
}
