/** Pictures to try `imgs` with, as SVG data URLs so the playground needs no files or network. */
function landscape(sky: string, sun: string, hills: [string, string]): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="620" height="320" viewBox="0 0 620 320">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fff"/></linearGradient></defs>
<rect width="620" height="320" fill="url(#s)"/><circle cx="470" cy="90" r="46" fill="${sun}"/>
<path d="M0 230 Q120 150 250 220 T520 200 T620 210 V320 H0Z" fill="${hills[0]}"/>
<path d="M0 270 Q160 210 320 260 T620 250 V320 H0Z" fill="${hills[1]}"/></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export const SAMPLE_PICTURES = [
  landscape('#7cb7f0', '#ffd45c', ['#5aa469', '#2f7a4a']),
  landscape('#f6a38a', '#fff1b8', ['#8f5e99', '#4e3569']),
  landscape('#9ad1d4', '#ffffff', ['#3f8f9a', '#1d5c63']),
];
