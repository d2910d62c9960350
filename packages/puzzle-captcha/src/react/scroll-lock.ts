const LOCK_CLASS = 'pcap-scroll-lock';
let locks = 0;

/** Stops the page behind a modal from scrolling; a class, so another lock's saved styles are left alone. */
export function lockPageScroll(): () => void {
  locks += 1;
  document.documentElement.classList.add(LOCK_CLASS);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) document.documentElement.classList.remove(LOCK_CLASS);
  };
}
