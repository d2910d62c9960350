/** The consent text the ads stack's settings name (e2e/ads-stack.ts), as the register screen must show it. */
export const ADS_CONSENT_TEXT = '我同意将注册结果回传给投放广告的平台，用于广告效果统计';
