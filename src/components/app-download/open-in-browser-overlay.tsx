import { Dialog } from '../dialog';
import type { InAppAdvice } from './download-platform';
import './open-in-browser-overlay.css';

const OPEN_IN_BROWSER_TITLE = '请在浏览器中打开';

interface OpenInBrowserOverlayProps {
  advice: InAppAdvice;
  onClose: () => void;
}

/** Full-screen hint for WeChat/QQ, which block APK and profile downloads: use the ··· menu instead. */
export function OpenInBrowserOverlay({ advice, onClose }: OpenInBrowserOverlayProps) {
  return (
    <Dialog open title={OPEN_IN_BROWSER_TITLE} onClose={onClose} showCloseButton={false} className="open-in-browser">
      <svg className="open-in-browser__arrow" viewBox="0 0 80 96" aria-hidden="true" focusable="false">
        <path d="M12 90C20 52 40 26 66 12" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeDasharray="2 10" />
        <path d="M50 8l18 3-6 17" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className="open-in-browser__lead">{advice.host}内无法直接下载APP，请按以下步骤操作：</p>
      <ol className="open-in-browser__steps">
        <li>
          点击右上角
          <span className="open-in-browser__dots" aria-hidden="true">
            ···
          </span>
          <span className="visually-hidden">（更多）</span>
          按钮
        </li>
        <li>
          选择<strong>「{advice.menuItem}」</strong>
        </li>
        <li>在浏览器中再次点击下载</li>
      </ol>
      <button type="button" className="open-in-browser__ok" onClick={onClose}>
        我知道了
      </button>
    </Dialog>
  );
}
