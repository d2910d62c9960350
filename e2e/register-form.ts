import type { Page } from '@playwright/test';

export interface RegistrationValues {
  name: string;
  password: string;
  mobile: string;
}

/** Types a registration into the form as a visitor would: account, password twice, mobile number. */
export async function fillForm(page: Page, values: RegistrationValues = { name: 'player01', password: 'secret88', mobile: '13800138000' }) {
  await page.getByLabel('账号', { exact: true }).fill(values.name);
  await page.getByLabel('密码', { exact: true }).fill(values.password);
  await page.getByLabel('确认密码', { exact: true }).fill(values.password);
  await page.getByLabel('手机号', { exact: true }).fill(values.mobile);
}
