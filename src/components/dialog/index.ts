export { Dialog, type DialogProps } from './dialog';
export { lockBodyScroll } from './scroll-lock';
