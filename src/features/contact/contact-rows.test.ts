import { contactRows, phoneForClipboard, telegramQr } from './contact-rows';

const CONTACT = { phone: '400-800-1234', wechat: 'game_kefu', qq: '800012345', telegram: '' };
const NO_QR = { wechat: '', telegram: '' };

describe('phoneForClipboard', () => {
  it.each([
    ['400-800-1234', '4008001234'],
    ['138-0000-1111', '13800001111'],
    ['+86 138 0000 1111', '+8613800001111'],
    ['13800001111', '13800001111'],
  ])('copies %s as %s', (phone, expected) => {
    expect(phoneForClipboard(phone)).toBe(expected);
  });
});

describe('contactRows', () => {
  it('lists phone, WeChat and QQ in order, the phone copied without dashes', () => {
    expect(contactRows(CONTACT, NO_QR)).toEqual([
      { kind: 'phone', label: '电话', value: '400-800-1234', copyText: '4008001234', qrUrl: '' },
      { kind: 'wechat', label: '微信', value: 'game_kefu', copyText: 'game_kefu', qrUrl: '' },
      { kind: 'qq', label: 'QQ', value: '800012345', copyText: '800012345', qrUrl: '' },
    ]);
  });

  it('hides every row whose value is missing', () => {
    expect(contactRows({ ...CONTACT, phone: '', qq: '' }, NO_QR).map((row) => row.kind)).toEqual(['wechat']);
    expect(contactRows({ phone: '', wechat: '', qq: '', telegram: '' }, NO_QR)).toEqual([]);
  });

  it('never gives Telegram a row, even with a Telegram id and QR picture configured', () => {
    const rows = contactRows({ ...CONTACT, telegram: '@game_kefu' }, { wechat: '/qr/wx.png', telegram: '/qr/tg.png' });
    expect(rows.map((row) => [row.kind, row.qrUrl])).toEqual([
      ['phone', ''],
      ['wechat', '/qr/wx.png'],
      ['qq', ''],
    ]);
  });
});

describe('telegramQr', () => {
  it('is the Telegram id and picture when a Telegram QR picture is configured', () => {
    expect(telegramQr({ ...CONTACT, telegram: '@game_kefu' }, { wechat: '', telegram: '/qr/tg.png' })).toMatchObject({
      kind: 'telegram',
      label: 'Telegram',
      value: '@game_kefu',
      qrUrl: '/qr/tg.png',
    });
  });

  it('is null without a Telegram QR picture, whatever the id', () => {
    expect(telegramQr({ ...CONTACT, telegram: '@game_kefu' }, NO_QR)).toBeNull();
  });
});
