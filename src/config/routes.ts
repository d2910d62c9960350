export const ROUTES = {
  home: '/',
  register: '/register',
  contact: '/contact',
  download: '/download',
} as const;
